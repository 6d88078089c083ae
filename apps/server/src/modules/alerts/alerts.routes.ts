import { alertRulesInputSchema } from "@leakwarden/contracts/alerts";
import { Hono } from "hono";
import { currentUser, readJson, type AppEnv } from "../../http/context";
import { requireUser } from "../../http/middleware";
import { AppError } from "../../lib/app-error";
import type { AlertsService } from "./alerts.service";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} — Leakwarden</title></head>
<body style="font-family:system-ui,sans-serif;background:#07070c;color:#e2e8f0;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;padding:24px">
<main style="max-width:28rem;background:#0e0e16;border:1px solid rgba(255,255,255,.1);border-radius:16px;padding:28px">
<h1 style="font-size:1.4rem;color:#fff;margin-top:0">${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const buttonStyle = "background:#e11d48;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-weight:600;font-size:1rem;cursor:pointer";
const linkStyle = "color:#fda4af";

export function alertsRoutes(service: AlertsService) {
  const routes = new Hono<AppEnv>();

  routes.get("/v1/alerts", requireUser, async (c) => c.json(await service.get(currentUser(c).id)));
  routes.put("/v1/alerts", requireUser, async (c) => c.json(await service.update(currentUser(c).id, await readJson(c, alertRulesInputSchema))));

  // Public, from the link in every alert email. The GET only asks (mail scanners open links);
  // the button's POST turns the alerts off.
  routes.get("/v1/alerts/unsubscribe", (c) => {
    const token = c.req.query("token") ?? "";
    if (!token) return c.html(page("Invalid link", `<p>This unsubscribe link is not complete.</p>`), 400);
    return c.html(
      page(
        "Stop alert emails?",
        `<p>You will no longer get emails about new leaks, summaries or takedowns. You can turn them back on in the dashboard at any time.</p>
<form method="post" action="/v1/alerts/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit" style="${buttonStyle}">Stop alert emails</button></form>`,
      ),
    );
  });
  routes.post("/v1/alerts/unsubscribe", async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === "string" ? form.token : (c.req.query("token") ?? "");
    try {
      await service.unsubscribe(token);
    } catch (error) {
      if (error instanceof AppError && error.code === "VALIDATION") {
        return c.html(page("Invalid link", `<p>${escapeHtml(error.message)} Manage your alerts in the <a style="${linkStyle}" href="/dashboard/alerts">dashboard</a>.</p>`), 400);
      }
      throw error;
    }
    return c.html(page("Alert emails stopped", `<p>You will not get alert emails any more. Turn them back on from <a style="${linkStyle}" href="/dashboard/alerts">Custom Alert</a> in your dashboard.</p>`));
  });
  return routes;
}
