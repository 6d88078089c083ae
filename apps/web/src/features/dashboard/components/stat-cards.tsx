import { useLatestScan } from "../api/get-latest-scan";
import { QueryError, Skeleton } from "../../../components/query-error";
import { formatCount } from "../../../lib/format";


/** The four figures of the last completed scan, from the server's own records: a scan still running does not blank them. */
export function StatCards() {
  const latest = useLatestScan();
  if (latest.isError) return <QueryError error={latest.error} onRetry={() => void latest.refetch()} what="the scan figures" />;
  const stats = latest.data?.lastCompleted?.stats;
  const cards = [
    { title: "Sites analyzed", value: stats?.sitesAnalyzed },
    { title: "Links looked at", value: stats?.linksChecked },
    { title: "Leaks found", value: stats?.leaksFound },
    { title: "Images found", value: stats?.imagesMatched },
  ];
  return (
    <section aria-label="Latest scan figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.title} className="rounded-2xl border border-white/10 bg-ink-900 p-4 sm:p-5">
          <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">Latest scan</p>
          <h3 className="mt-1 text-sm font-semibold text-slate-200">{card.title}</h3>
          {latest.isPending ? (
            <Skeleton className="mt-2 h-8 w-16" />
          ) : (
            <p className="mt-1 text-3xl font-bold tracking-tight text-white tabular-nums" data-testid={`stat-${card.title}`}>
              {card.value === undefined ? "—" : formatCount(card.value)}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
