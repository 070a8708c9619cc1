import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import { cn } from "../../lib/cn.ts";

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** The previous period's values, day by day, drawn dashed beneath; null for none. */
  previous: readonly number[] | null;
  format: (value: number) => string;
  /** Counts: the axis marks whole numbers only. */
  whole: boolean;
}

const DAY_S = 86_400;
/** Axis steps: whole days on the time axis, and whole numbers for counts. */
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91].map((d) => d * DAY_S);
const WHOLE_STEPS = [1, 2, 5]
  .flatMap((n) => [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7].map((m) => n * m))
  .sort((a, b) => a - b);
const dayTick = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

const HEIGHT = 260;
/** The second series' colour, legible on light and dark backgrounds alike. */
const SECOND = "oklch(0.68 0.16 45)";

/**
 * A day-by-day line chart of one or two metrics (each on its own axis) with the previous period
 * dashed. uPlot (a small, fast canvas chart library) is loaded in the browser only, when the chart
 * is first drawn; the table beside it carries the same figures for screen readers and keyboards.
 */
export function ReportChart({
  days,
  series,
  label,
  className,
}: {
  /** YYYY-MM-DD, one per point. */
  days: readonly string[];
  series: readonly ChartSeries[];
  label: string;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let cancelled = false;
    const resize = new ResizeObserver(() => chart?.setSize({ width: target.clientWidth, height: HEIGHT }));
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (cancelled) return;
      const css = getComputedStyle(document.documentElement);
      const color = (name: string) => css.getPropertyValue(name).trim() || "gray";
      const colors = [color("--primary"), SECOND];
      const axis = { stroke: color("--muted-foreground"), grid: { stroke: color("--border"), width: 1 } };
      const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      const lines = series.flatMap((s, i): uPlot.Series[] => {
        const line: uPlot.Series = {
          label: s.label,
          scale: i === 0 ? "left" : "right",
          stroke: colors[i],
          width: 2,
          value: (_, v) => (v === null ? "—" : s.format(v)),
        };
        return s.previous
          ? [line, { ...line, label: `${s.label} (previous period)`, width: 1, dash: [4, 4] }]
          : [line];
      });
      const data: uPlot.AlignedData = [
        xs,
        ...series.flatMap((s) => (s.previous ? [[...s.values], [...s.previous]] : [[...s.values]])),
      ];
      const ticks = (s: ChartSeries | undefined) => (_: uPlot, values: number[]) =>
        values.map((v) => (s ? s.format(v) : String(v)));
      const yAxis = (s: ChartSeries | undefined, scale: string): uPlot.Axis => ({
        ...axis,
        scale,
        values: ticks(s),
        ...(s?.whole ? { incrs: WHOLE_STEPS } : {}),
      });
      chart = new UPlot(
        {
          width: target.clientWidth,
          height: HEIGHT,
          // Days are the account's, drawn as they are named, whatever the browser's zone.
          tzDate: (ts: number) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          scales: { x: { time: true } },
          series: [{ label: "Day", value: (_, ts) => (ts === null ? "—" : dayTick(ts)) }, ...lines],
          axes: [
            { ...axis, incrs: DAY_STEPS, values: (_, values) => values.map(dayTick) },
            yAxis(series[0], "left"),
            ...(series[1] ? [{ ...yAxis(series[1], "right"), side: 1, grid: { show: false } }] : []),
          ],
        },
        data,
        target,
      );
      resize.observe(target);
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [days, series]);
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      className={cn("w-full overflow-hidden text-xs", className)}
      style={{ minHeight: HEIGHT + 40 }}
      data-testid="report-chart"
    />
  );
}
