import type { TakedownDetail } from "@leakwarden/contracts/takedowns";
import { formatWhen } from "../takedown-labels";

/** The TAKE IT DOWN Act's 48 hours on a takedown: when they end, or that the site missed them, with the record for a complaint to the FTC. */
export function RemovalDeadline({ d, now = new Date() }: { d: Pick<TakedownDetail, "id" | "status" | "removalDeadline" | "removedAt">; now?: Date }) {
  const deadline = d.removalDeadline;
  if (!deadline) return null;
  const due = new Date(deadline.dueAt);
  const removedInTime = d.removedAt && new Date(d.removedAt) <= due;
  const record = `/v1/takedowns/${encodeURIComponent(d.id)}/deadline-record`;
  if (deadline.missedAt) {
    return (
      <section aria-label="TAKE IT DOWN deadline" className="rounded-lg border border-amber-300/30 bg-amber-300/10 p-3 text-amber-50" data-testid="removal-deadline">
        <p className="font-semibold">The site missed its legal deadline.</p>
        <p className="mt-1">
          Under the TAKE IT DOWN Act it had until {formatWhen(deadline.dueAt)} to remove the image; it was still up on {formatWhen(deadline.missedAt)}. We wrote to its
          host and registrar. You can report the site to the FTC with this record of your request and the missed deadline.
        </p>
        <p className="mt-2 flex flex-wrap gap-3">
          <a href={`${record}?format=text`} download className="underline">
            Download the record (text)
          </a>
          <a href={record} download className="underline">
            Download the record (JSON)
          </a>
          <a href="https://reportfraud.ftc.gov/" target="_blank" rel="noreferrer" className="underline">
            FTC complaint form
          </a>
        </p>
      </section>
    );
  }
  const hours = Math.max(0, Math.ceil((due.getTime() - now.getTime()) / 3_600_000));
  return (
    <section aria-label="TAKE IT DOWN deadline" className="rounded-lg border border-sky-400/30 bg-sky-400/10 p-3 text-sky-50" data-testid="removal-deadline">
      {removedInTime ? (
        <p>The site removed it within the TAKE IT DOWN Act's 48 hours (deadline {formatWhen(deadline.dueAt)}).</p>
      ) : d.status === "removed" ? (
        <p>Removed. The TAKE IT DOWN Act's deadline was {formatWhen(deadline.dueAt)}.</p>
      ) : (
        <p>
          Under the TAKE IT DOWN Act the site must remove it by {formatWhen(deadline.dueAt)}
          {hours > 0 ? ` (${hours} hour${hours === 1 ? "" : "s"} left)` : ""}. We check, and act if it does not.
        </p>
      )}
    </section>
  );
}
