import { findPlan } from "@leakwarden/contracts/plans";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { paths } from "../../../config/paths";
import { useSession } from "../../../lib/session";
import { showToast } from "../../../lib/toast";
import { createCheckout } from "../api/create-checkout";
import { billingQueryOptions } from "../api/get-billing";
import { parsePlanChoice, savePendingCheckout, takePendingCheckout } from "../lib/pending-checkout";
import { reportCheckoutError } from "../lib/report-checkout-error";
import { queryKeys } from "../../../lib/query-keys";

/** How long to keep asking for the new plan after the checkout (the provider's webhook may lag). */
const AWAIT_PLAN_MS = 60_000;
const AWAIT_PLAN_EVERY_MS = 2_000;

/**
 * After paying, the checkout sends her back to /dashboard?billing=success, often before the
 * provider's webhook has arrived: billing is asked again until the plan applies, then the plan
 * badge (get-user) follows.
 */
function AwaitNewPlan({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [since] = useState(() => Date.now());
  const billing = useQuery({
    ...billingQueryOptions(),
    refetchInterval: (query) => (query.state.data?.tier === "free" && Date.now() - since < AWAIT_PLAN_MS ? AWAIT_PLAN_EVERY_MS : false),
  });
  const tier = billing.data?.tier;
  const said = useRef(false);
  useEffect(() => {
    if (!tier || tier === "free" || said.current) return;
    said.current = true;
    void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    showToast((toast) => toast.success(`You are now on the ${findPlan(tier).name} Plan.`));
    onDone();
  }, [tier, queryClient, onDone]);
  return null;
}

/**
 * Rendered once in the app layout. Carries a plan chosen while signed out through sign-in: on
 * /signin?plan=…&period=… it keeps the choice, and once a session exists it opens that plan's
 * checkout ('Redirecting...'). Back from a checkout, it waits for the new plan.
 */
export function ResumeCheckout() {
  const session = useSession();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [redirecting, setRedirecting] = useState(false);
  const [awaitingPlan, setAwaitingPlan] = useState(false);
  const started = useRef(false);
  const onAuthPage = pathname === paths.signin || pathname === paths.signup;
  const planParam = onAuthPage ? params.get("plan") : null;
  const periodParam = onAuthPage ? params.get("period") : null;
  const returned = pathname.startsWith(paths.dashboard) && params.get("billing") === "success";
  const signedIn = session.status === "signed-in";

  // The URL is the latest choice (the link was followed, perhaps before the page could run code).
  useEffect(() => {
    const choice = parsePlanChoice(planParam, periodParam);
    if (choice) savePendingCheckout(choice);
  }, [planParam, periodParam]);

  useEffect(() => {
    if (!signedIn || started.current) return;
    const choice = takePendingCheckout();
    if (!choice) return;
    started.current = true;
    setRedirecting(true);
    createCheckout(choice)
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => {
        setRedirecting(false);
        reportCheckoutError(error);
      });
  }, [signedIn]);

  useEffect(() => {
    if (!returned || !signedIn) return;
    showToast((toast) => toast.success("Thank you for subscribing", { description: "Your plan starts as soon as the payment is confirmed." }));
    setAwaitingPlan(true);
    // Said once: a reload does not say it again.
    setParams(
      (p) => {
        p.delete("billing");
        return p;
      },
      { replace: true },
    );
  }, [returned, signedIn, setParams]);

  return (
    <>
      {awaitingPlan && <AwaitNewPlan onDone={() => setAwaitingPlan(false)} />}
      {redirecting && (
        <div role="status" className="fixed inset-x-0 top-4 z-50 mx-auto w-fit rounded-full border border-white/10 bg-ink-900 px-5 py-2 text-sm font-semibold text-white shadow-lg">
          Redirecting...
        </div>
      )}
    </>
  );
}
