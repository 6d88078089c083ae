import type { LeakTimeline } from "@leakwarden/contracts/scans";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay } from "../../../lib/format";
import { useMediaQuery } from "../hooks/use-media";

/** The fewest days the chart shows: a first day of data reads as a bar, not a hairline at the edge of a month. */
export const MIN_CHART_DAYS = 7;

/** The days worth drawing: from the first day with data (at least MIN_CHART_DAYS, ending today). */
export function chartDays(days: LeakTimeline["days"]): LeakTimeline["days"] {
  const first = days.findIndex((d) => d.found > 0 || d.removed > 0);
  const start = first === -1 ? 0 : Math.min(first, Math.max(0, days.length - MIN_CHART_DAYS));
  return days.slice(start);
}

/** Leaks found and removed per day (recharts: loaded with this module only). */
export function LeaksChart({ timeline }: { timeline: LeakTimeline }) {
  const data = chartDays(timeline.days).map((d) => ({ ...d, label: formatDay(d.date) }));
  // The bars grow in, unless the creator's system asks for less motion.
  const animate = !useMediaQuery("(prefers-reduced-motion: reduce)");
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} barGap={1} maxBarSize={48}>
        <CartesianGrid stroke="rgba(255,255,255,0.06)" vertical={false} />
        <XAxis dataKey="label" tick={{ fill: "#94a3b8", fontSize: 12 }} tickLine={false} axisLine={false} minTickGap={24} />
        <YAxis allowDecimals={false} tick={{ fill: "#94a3b8", fontSize: 12 }} tickLine={false} axisLine={false} />
        <Tooltip cursor={{ fill: "rgba(255,255,255,0.04)" }} contentStyle={{ background: "#161622", border: "1px solid rgba(255,255,255,0.1)", borderRadius: 12, color: "#e2e8f0" }} />
        <Legend wrapperStyle={{ fontSize: 12, color: "#cbd5e1" }} />
        <Bar dataKey="found" name="Leaks found" fill="#fb7185" radius={[3, 3, 0, 0]} minPointSize={0} isAnimationActive={animate} />
        <Bar dataKey="removed" name="Removed" fill="#34d399" radius={[3, 3, 0, 0]} isAnimationActive={animate} />
      </BarChart>
    </ResponsiveContainer>
  );
}
