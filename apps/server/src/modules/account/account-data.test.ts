import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { seedLeaks } from "@leakwarden/test-support/leak-records";
import { createTestServices, readOutbox, signUpAndConfirm, testClock, TestClient, type TestServices } from "@leakwarden/test-support/test-services";
import { secretOf, totpCodes } from "@leakwarden/test-support/totp";
import { createMailer } from "../../email/mailer";
import { createLogger } from "../../lib/logger";
import { csvCell } from "./account-export";
import { DMCA_STATEMENT } from "./account-deletion";
import { namesAddress } from "./outbox-erasure";

const DAY = 24 * 3_600_000;

interface Seeded {
  id: string;
  email: string;
  handle: string;
  leakUrl: string;
  noticeSubject: string;
  replyExcerpt: string;
  referenceLabel: string;
  hash: string;
}

/** A creator with something in every module: identities, a reference, a leak taken down with a notice and a reply, alerts, a plan. */
async function seedCreator(services: TestServices, client: TestClient, email: string, handle: string): Promise<Seeded> {
  const res = await client.post("/v1/root/update-profile-all", { platforms: { onlyfans: handle }, nicknames: [`Nick ${handle}`], allowlist: [`${handle.replace("_", "-")}.example`], specific: "" });
  expect(res.status).toBe(200);
  const { db } = services.database;
  const [me] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  const id = me!.id;
  const leakUrl = `https://tube.example/v/${handle}-1`;
  const [leakId] = await seedLeaks(db, id, [{ url: leakUrl, seenAt: new Date(), title: `=HYPERLINK("x") ${handle} leaked`, evidence: { matchedNames: [handle] } }]);
  const hash = `${handle}`.padEnd(64, "f");
  const referenceLabel = `${handle} beach photo`;
  await db.insert(schema.referenceImage).values({ userId: id, label: referenceLabel, hashes: { original: hash } as never, quality: 90 });
  const now = new Date();
  const [td] = await db
    .insert(schema.takedown)
    .values({ userId: id, leakId: leakId!, url: leakUrl, domain: "tube.example", status: "sent", createdAt: now, updatedAt: now, firstSentAt: now, lastSentAt: now })
    .returning({ id: schema.takedown.id });
  await db.insert(schema.takedownEvent).values({ takedownId: td!.id, at: now, type: "sent", message: `Notice sent for ${handle}` });
  const noticeSubject = `DMCA notice for ${handle}`;
  const [notice] = await db
    .insert(schema.takedownNotice)
    .values({
      userId: id,
      level: 0,
      recipient: { kind: "site", email: "copyright@tube.example", webForm: null, foundBy: "catalog", source: "catalog", note: null, name: "Tube" },
      subject: noticeSubject,
      text: `Notice text naming ${handle}`,
      html: "<p>notice</p>",
      status: "sent",
      createdAt: now,
      sentAt: now,
    })
    .returning({ id: schema.takedownNotice.id });
  await db.insert(schema.takedownNoticeLink).values({ noticeId: notice!.id, takedownId: td!.id });
  const replyExcerpt = `We removed the video of ${handle}`;
  await db.insert(schema.takedownReply).values({ noticeId: notice!.id, messageId: `<r-${handle}@tube.example>`, fromAddress: "copyright@tube.example", subject: "Re: notice", kind: "removed", excerpt: replyExcerpt, receivedAt: now });
  await db.insert(schema.takedownAuthorization).values({ userId: id, fullName: `Legal ${handle}`, signature: `Legal ${handle}`, statement: "I authorize", statementVersion: "2025-01", ownerName: "stage_name", grantedAt: now, clientIp: "203.0.113.9" });
  await db.update(schema.nickname).set({ attestedAt: now }).where(eq(schema.nickname.userId, id));
  await db.insert(schema.recipientConfirmation).values({ userId: id, address: `${handle}.tips@mail.example`, source: `https://tube.example/contact/${handle}`, confirmedAt: now });
  await db.insert(schema.alertRule).values({ userId: id, newLeak: true, digest: "daily", lastNewLeakAlertAt: now });
  await db.insert(schema.subscription).values({ userId: id, providerSubscriptionId: `sub-${handle}`, providerVariantId: "v1", plan: "premium", period: "monthly", status: "active", providerUpdatedAt: now });
  return { id, email, handle, leakUrl, noticeSubject, replyExcerpt, referenceLabel, hash };
}

/** Every row of every table (public schema) whose text mentions `needle`, as "table: row". */
async function rowsMentioning(services: TestServices, needle: string): Promise<string[]> {
  const tables = await services.database.executeSql(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const found: string[] = [];
  for (const { table_name: name } of tables.rows as { table_name: string }[]) {
    const rows = await services.database.executeSql(`select t::text as row from "${name}" t where t::text like $1`, [`%${needle}%`]);
    for (const r of rows.rows as { row: string }[]) found.push(`${name}: ${r.row.slice(0, 160)}`);
  }
  return found;
}

function unzip(bytes: ArrayBuffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(bytes));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

describe("her data export", { timeout: 120_000 }, () => {
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;
  let avaData: Seeded;
  let beaData: Seeded;

  beforeAll(async () => {
    services = await createTestServices({ DATA_EXPORTS_PER_HOUR: "3" });
    ava = await signUpAndConfirm(services, "export-ava@example.com");
    bea = await signUpAndConfirm(services, "export-bea@example.com");
    avaData = await seedCreator(services, ava, "export-ava@example.com", "export_ava");
    beaData = await seedCreator(services, bea, "export-bea@example.com", "export_bea");
  });
  afterAll(async () => {
    await services?.close();
  });

  it("is a zip of everything kept about her, as JSON and CSV, with nothing of another creator's and no secret", async () => {
    const res = await ava.post("/v1/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="leakwarden-data-\d{4}-\d\d-\d\d\.zip"$/);
    const files = unzip(await res.arrayBuffer());
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "account.json",
        "alerts.json",
        "billing-payments.csv",
        "billing.json",
        "identities.json",
        "impersonators.json",
        "leaks.csv",
        "leaks.json",
        "nicknames.csv",
        "reference-images.csv",
        "reference-images.json",
        "scans.json",
        "search-delistings.json",
        "stage-names.csv",
        "takedown-authorization.json",
        "takedown-events.csv",
        "takedown-events.json",
        "takedown-notices.csv",
        "takedown-notices.json",
        "takedown-replies.csv",
        "takedown-replies.json",
        "takedown-recipients.csv",
        "takedown-recipients.json",
        "takedowns.csv",
        "takedowns.json",
      ].sort(),
    );
    const account = JSON.parse(files["account.json"]!);
    expect(account.account.email).toBe(avaData.email);
    expect(account.signInMethods.map((m: { provider: string }) => m.provider)).toEqual(["email and password"]);
    expect(account.sessions.length).toBeGreaterThan(0);
    const identities = JSON.parse(files["identities.json"]!);
    expect(identities.stageNames).toEqual([expect.objectContaining({ platform: "OnlyFans", username: "export_ava", verified: false })]);
    expect(identities.nicknames).toEqual([expect.objectContaining({ value: "Nick export_ava", attested: true, attestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })]);
    expect(files["nicknames.csv"]).toMatch(/^value,attested,attestedAt,createdAt\r\nNick export_ava,true,\d{4}-\d\d-\d\dT[^,]+,\d{4}-/);
    // The addresses she confirmed for her notices, hers alone.
    expect(JSON.parse(files["takedown-recipients.json"]!)).toEqual([
      { address: "export_ava.tips@mail.example", source: "https://tube.example/contact/export_ava", confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    expect(files["takedown-recipients.csv"]).toContain("export_ava.tips@mail.example,https://tube.example/contact/export_ava,");
    expect(files["README.txt"]).toContain("confirmedRecipients 1");
    expect(JSON.parse(files["reference-images.json"]!)).toEqual([expect.objectContaining({ label: avaData.referenceLabel, quality: 90, blurredThumbnailKept: false })]);
    const leaks = JSON.parse(files["leaks.json"]!);
    expect(leaks).toEqual([expect.objectContaining({ url: avaData.leakUrl, evidence: { matchedNames: ["export_ava"] } })]);
    // A title from the web that a spreadsheet would run as a formula is made inert.
    expect(files["leaks.csv"]).toContain(`"'=HYPERLINK(""x"") export_ava leaked"`);
    expect(JSON.parse(files["takedowns.json"]!)).toEqual([expect.objectContaining({ url: avaData.leakUrl, status: "sent" })]);
    expect(JSON.parse(files["takedown-notices.json"]!)).toEqual([expect.objectContaining({ subject: avaData.noticeSubject, recipient: "copyright@tube.example", text: "Notice text naming export_ava" })]);
    expect(JSON.parse(files["takedown-replies.json"]!)).toEqual([expect.objectContaining({ excerpt: avaData.replyExcerpt, kind: "removed" })]);
    expect(JSON.parse(files["takedown-events.json"]!)).toEqual([expect.objectContaining({ message: "Notice sent for export_ava" })]);
    expect(JSON.parse(files["takedown-authorization.json"]!)).toEqual(expect.objectContaining({ fullName: "Legal export_ava" }));
    const alerts = JSON.parse(files["alerts.json"]!);
    expect(alerts.settings).toEqual(expect.objectContaining({ newLeakEmails: true, digest: "daily" }));
    expect(alerts.sent.lastNewLeaksEmailAt).toEqual(expect.any(String));
    expect(JSON.parse(files["billing.json"]!).subscriptions).toEqual([expect.objectContaining({ plan: "premium", status: "active" })]);

    // Nothing of Bea's, and no secret of Ava's: the password hash, session tokens, reference fingerprints.
    const everything = Object.values(files).join("\n");
    for (const theirs of [beaData.id, beaData.email, beaData.handle, beaData.leakUrl, beaData.noticeSubject, beaData.replyExcerpt, beaData.hash]) expect(everything).not.toContain(theirs);
    const { db } = services.database;
    const [credential] = await db.select({ password: schema.account.password }).from(schema.account).where(eq(schema.account.userId, avaData.id));
    expect(everything).not.toContain(credential!.password!);
    for (const s of await db.select({ token: schema.session.token }).from(schema.session).where(eq(schema.session.userId, avaData.id))) expect(everything).not.toContain(s.token);
    expect(everything).not.toContain(avaData.hash);
  });

  it("is refused without her session, from another site, and after a few in an hour", async () => {
    const anonymous = new TestClient(services.app);
    const signedOut = await anonymous.post("/v1/account/export");
    expect(signedOut.status).toBe(401);
    expect((await signedOut.json()).error.code).toBeTruthy();
    const forged = await bea.request("/v1/account/export", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    // Ava used one in the test above; Bea's refused one was not counted against her. Limit: 3 an hour.
    expect((await ava.post("/v1/account/export")).status).toBe(200);
    expect((await ava.post("/v1/account/export")).status).toBe(200);
    const limited = await ava.post("/v1/account/export");
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.message).toMatch(/Try again in an hour/);
  });

  it("tells her address from a longer one that contains it when clearing the outbox", () => {
    const her = "ann@mail.example";
    expect(namesAddress("to: ann@mail.example", her)).toBe(true);
    expect(namesAddress("<ann@mail.example>, bo@x.example", her)).toBe(true);
    expect(namesAddress("write to ann@mail.example.", her)).toBe(true);
    expect(namesAddress("to: joann@mail.example", her)).toBe(false);
    expect(namesAddress("to: jo.ann@mail.example", her)).toBe(false);
    expect(namesAddress("to: ann@mail.example.org", her)).toBe(false);
    expect(namesAddress("joann@mail.example and later ann@mail.example", her)).toBe(true);
  });

  it("quotes CSV cells and makes formulas inert", () => {
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });
});

describe("deleting her account", { timeout: 180_000 }, () => {
  const clock = testClock();
  let services: TestServices;
  let ava: TestClient;
  let bea: TestClient;
  let avaData: Seeded;
  let beaData: Seeded;
  const password = "secret-pass";

  beforeAll(async () => {
    services = await createTestServices({}, { now: clock.now });
    ava = await signUpAndConfirm(services, "delete-ava@example.com", password);
    bea = await signUpAndConfirm(services, "delete-bea@example.com", password);
    avaData = await seedCreator(services, ava, "delete-ava@example.com", "delete_ava");
    beaData = await seedCreator(services, bea, "delete-bea@example.com", "delete_bea");
  });
  afterAll(async () => {
    await services?.close();
  });

  const mailsTo = (email: string, subject: RegExp) => readOutbox(services.dataDir).filter((m) => m.to.toLowerCase() === email && subject.test(m.subject));

  it("asks for her password, then signs every device out and tells her by email", async () => {
    const phone = new TestClient(services.app);
    expect((await phone.post("/api/auth/sign-in/email", { email: avaData.email, password })).status).toBe(200);

    const status = await (await ava.get("/v1/account/deletion")).json();
    expect(status).toEqual({ confirmWith: "password", scheduled: null, cancelledBySignIn: null });
    const missing = await ava.post("/v1/account/deletion", {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields.password).toBe("Enter your password to confirm.");
    const wrong = await ava.post("/v1/account/deletion", { password: "not-her-password" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields.password).toBe("That password is not right.");
    const typed = await ava.post("/v1/account/deletion", { password: 12 });
    expect(typed.status).toBe(400);
    const forged = await ava.request("/v1/account/deletion", { method: "POST", json: { password }, headers: { origin: "https://evil.example" } });
    expect(forged.status).toBe(403);

    const res = await ava.post("/v1/account/deletion", { password });
    expect(res.status).toBe(200);
    const { eraseAfter } = await res.json();
    expect(new Date(eraseAfter).getTime() - clock.now().getTime()).toBeGreaterThan(7 * DAY - 60_000);
    // Every session is gone, this one and the phone's.
    expect((await ava.get("/v1/root/get-user")).status).toBe(401);
    expect((await phone.get("/v1/root/get-user")).status).toBe(401);
    await services.queue.runDue(["email.send"]);
    const [mail] = mailsTo(avaData.email, /will be deleted in 7 days/);
    expect(mail?.text).toContain("Sign in before then and the deletion is cancelled.");
    expect(mail?.text).toContain("Sign in to cancel: http://localhost:3000/signin");
  });

  it("is cancelled by signing in within the grace period, and she is told once", async () => {
    await clock.advance(services, 3 * DAY);
    const res = await ava.post("/api/auth/sign-in/email", { email: avaData.email, password });
    expect(res.status).toBe(200);
    const status = await (await ava.get("/v1/account/deletion")).json();
    expect(status.scheduled).toBeNull();
    expect(status.cancelledBySignIn).toEqual({ at: expect.any(String) });
    expect((await ava.post("/v1/account/deletion/notice-seen")).status).toBe(200);
    expect((await (await ava.get("/v1/account/deletion")).json()).cancelledBySignIn).toBeNull();
    await services.queue.runDue(["email.send"]);
    expect(mailsTo(avaData.email, /deletion was cancelled/)).toHaveLength(1);

    // The erasure queued for the first request finds nothing to do when its time comes.
    await clock.advance(services, 5 * DAY);
    await services.queue.runDue(["account.erase"]);
    expect((await ava.get("/v1/root/get-user")).status).toBe(200);
  });

  it("erases everything but the legal record of her notices once the grace period is over", async () => {
    const res = await ava.post("/v1/account/deletion", { password });
    expect(res.status).toBe(200);
    await services.queue.runDue(["email.send"]);
    expect(mailsTo(avaData.email, /will be deleted in 7 days/)).toHaveLength(2);

    // Meanwhile no alert goes to her (Bea's, the same, does go).
    await clock.advance(services, 2 * 3_600_000);
    await services.alerts.sendNewLeaksAlert(avaData.id, { since: new Date(0) });
    await services.alerts.sendNewLeaksAlert(beaData.id, { since: new Date(0) });
    await services.queue.runDue(["email.send"]);
    expect(mailsTo(beaData.email, /new leak found/)).toHaveLength(1);
    expect(mailsTo(avaData.email, /new leak found/)).toHaveLength(0);

    // The embedded mailer's outbox: a notice sent in her name (found by its Message-ID), a support
    // message about her address in an encoded body, and mail to Bea that stays.
    const outboxMailer = createMailer({ from: "Leakwarden <agent@leakwarden.test>", outboxDir: path.join(services.dataDir, "outbox") }, createLogger("silent"));
    const sentNotice = await outboxMailer.send({ to: "copyright@tube.example", subject: avaData.noticeSubject, text: "Please remove the copy listed below." });
    await services.database.db.update(schema.takedownNotice).set({ messageId: sentNotice.messageId }).where(eq(schema.takedownNotice.userId, avaData.id));
    const aboutHer = await outboxMailer.send({
      to: "support@leakwarden.test",
      subject: "Contact form: billing",
      text: `Ticket ${"é".repeat(40)}`,
      html: `<p>${"ü".repeat(200)} ${avaData.email.toUpperCase()}</p>`,
    });
    // Only the decoded body names her: the file as written does not.
    expect(fs.readFileSync(aboutHer.file!, "latin1").toLowerCase()).not.toContain(avaData.email);
    const beaNotice = await outboxMailer.send({ to: "copyright@tube.example", subject: beaData.noticeSubject, text: "Please remove this copy." });
    const beaFilesBefore = readOutbox(services.dataDir).filter((m) => m.text.includes(beaData.email) || m.file === path.basename(beaNotice.file!));
    expect(mailsTo(avaData.email, /./).length).toBeGreaterThan(2);

    // Six days on: not yet.
    await clock.advance(services, 6 * DAY);
    await services.queue.runDue(["account.erase"]);
    expect(await rowsMentioning(services, avaData.id)).not.toEqual([]);

    // Another customer, whose address holds hers ("un" + hers), asks for a reset link just before the
    // erasure runs: her email waits in the queue, and it must survive the erasure.
    const otherEmail = `un${avaData.email}`;
    await signUpAndConfirm(services, otherEmail, password);
    expect((await new TestClient(services.app).post("/api/auth/request-password-reset", { email: otherEmail, redirectTo: "/reset-password" })).status).toBe(200);

    await clock.advance(services, DAY + 60_000);
    await services.queue.runDue(["account.erase"]);
    await services.queue.runDue(["email.send"]);
    expect(mailsTo(otherEmail, /Reset your Leakwarden password/)).toHaveLength(1);

    // No table holds her id, her address or anything of hers; the legal record holds the notice's date, recipient, link and statement.
    expect(await rowsMentioning(services, avaData.id)).toEqual([]);
    // (The other customer's rows hold her address inside theirs, "un…": they are not about her.)
    expect((await rowsMentioning(services, avaData.email)).filter((r) => namesAddress(r.toLowerCase(), avaData.email))).toEqual([]);
    expect((await rowsMentioning(services, otherEmail)).length).toBeGreaterThan(0);
    expect(await rowsMentioning(services, avaData.referenceLabel)).toEqual([]);
    expect((await rowsMentioning(services, avaData.handle)).filter((r) => !r.startsWith("legal_notice_record:") && !r.includes(otherEmail))).toEqual([]);
    const records = await services.database.db.select().from(schema.legalNoticeRecord);
    expect(records).toEqual([expect.objectContaining({ recipient: "copyright@tube.example", url: avaData.leakUrl, kind: "dmca", statement: DMCA_STATEMENT, sentAt: expect.any(Date) })]);
    expect(Object.keys(records[0]!).sort()).toEqual(["id", "kind", "recipient", "recordedAt", "sentAt", "statement", "url"]);

    // The queue keeps no work that names her but the erasure itself and its last email.
    const jobs = await services.database.executeSql(`select name, data::text as data from pgboss.job order by name`);
    const naming = (jobs.rows as { name: string; data: string }[]).filter((j) => j.data.includes(avaData.id) || namesAddress(j.data.toLowerCase(), avaData.email));
    expect(naming.map((j) => j.name)).toEqual(["account.erase", "email.send"]);

    // The outbox keeps nothing to her, about her or sent in her name, but the mail that tells her it is done; Bea's stays.
    const left = readOutbox(services.dataDir);
    expect(left.filter((m) => namesAddress(m.text.toLowerCase(), avaData.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/account was deleted/)]);
    expect(left.filter((m) => m.to === otherEmail).map((m) => m.subject)).toEqual(expect.arrayContaining(["Reset your Leakwarden password"]));
    expect(left.some((m) => m.file === path.basename(sentNotice.file!) || m.file === path.basename(aboutHer.file!))).toBe(false);
    expect(left.filter((m) => m.text.includes(beaData.email) || m.file === path.basename(beaNotice.file!)).map((m) => m.file)).toEqual(beaFilesBefore.map((m) => m.file));

    // She is told, and can no longer sign in; Bea keeps everything.
    expect(mailsTo(avaData.email, /account was deleted/)).toHaveLength(1);
    expect(mailsTo(avaData.email, /account was deleted/)[0]!.text).toContain("date, its recipient, the link and the statement");
    expect((await new TestClient(services.app).post("/api/auth/sign-in/email", { email: avaData.email, password })).status).toBe(401);
    expect((await bea.get("/v1/root/get-user")).status).toBe(200);
    const beaLeaks = await services.database.db.select().from(schema.leak).where(eq(schema.leak.userId, beaData.id));
    expect(beaLeaks).toHaveLength(1);
    expect(await services.database.db.select().from(schema.takedownNotice).where(eq(schema.takedownNotice.userId, beaData.id))).toHaveLength(1);
  });

  it("is not cancelled by a password that still waits for its two-factor code, only by the completed sign-in", async () => {
    const email = "delete-dana@example.com";
    const dana = await signUpAndConfirm(services, email, password);
    const enable = await dana.post("/api/auth/two-factor/enable", { password });
    const nextCode = totpCodes(secretOf(((await enable.json()) as { totpURI: string }).totpURI));
    expect((await dana.post("/api/auth/two-factor/verify-totp", { code: await nextCode() })).status).toBe(200);
    expect((await dana.post("/v1/account/deletion", { password })).status).toBe(200);

    // Someone with her password alone: the sign-in waits for a code, and the deletion stays scheduled.
    const thief = new TestClient(services.app);
    const half = await thief.post("/api/auth/sign-in/email", { email, password });
    expect(await half.json()).toMatchObject({ twoFactorRedirect: true });
    const [me] = await services.database.db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
    const [row] = await services.database.db.select().from(schema.accountDeletion).where(eq(schema.accountDeletion.userId, me!.id));
    expect(row?.status).toBe("scheduled");

    // Her code completes the sign-in: cancelled.
    expect((await thief.post("/api/auth/two-factor/verify-totp", { code: await nextCode() })).status).toBe(200);
    expect((await (await thief.get("/v1/account/deletion")).json()).cancelledBySignIn).toEqual({ at: expect.any(String) });
  });

  it("asks an account without a password (Google) for a sign-in of the last minutes", async () => {
    const cara = await signUpAndConfirm(services, "delete-cara@example.com", password);
    const { db } = services.database;
    const [me] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, "delete-cara@example.com"));
    await db.update(schema.account).set({ password: null, providerId: "google" }).where(eq(schema.account.userId, me!.id));
    expect((await (await cara.get("/v1/account/deletion")).json()).confirmWith).toBe("recent-sign-in");
    // Signed in more than 10 minutes ago: she is asked to sign in again.
    const [sess] = await db.select({ id: schema.session.id }).from(schema.session).where(eq(schema.session.userId, me!.id));
    await db.update(schema.session).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(schema.session.id, sess!.id));
    const stale = await cara.post("/v1/account/deletion", {});
    expect(stale.status).toBe(403);
    expect((await stale.json()).error.message).toMatch(/sign in again with Google/);
    expect((await cara.get("/v1/root/get-user")).status).toBe(200);
    // Just signed in: accepted without a password.
    await db.update(schema.session).set({ createdAt: new Date() }).where(eq(schema.session.id, sess!.id));
    expect((await cara.post("/v1/account/deletion", {})).status).toBe(200);
    expect((await cara.get("/v1/root/get-user")).status).toBe(401);
  });
});
