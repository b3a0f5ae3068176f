import { useEffect, useRef, useState } from "react";
// The chart library's sheet, only on this tab (uPlot is imported after the first render below).
import "uplot/dist/uPlot.min.css";
import type { DailyPoint } from "~/stats/report.server";

const number = new Intl.NumberFormat("en-CA");

interface DailyChartProps {
  daily: DailyPoint[];
  previous: DailyPoint[];
}

/**
 * Visitors and page views per day, the previous period dashed beside them (day 1 against day 1),
 * drawn by uPlot, which is downloaded only when this tab runs in the browser. Screen readers get
 * the chart's description and the same figures as a table (below); the canvas is hidden from them.
 */
export function DailyChart({ daily, previous }: DailyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    import("uplot")
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const xs = daily.map((point) => Date.parse(`${point.day}T12:00:00Z`) / 1000);
        const size = () => ({ width: Math.max(280, element.clientWidth), height: 280 });
        chart = new UPlot(
          {
            ...size(),
            scales: { x: { time: true } },
            axes: [{}, { label: "Count" }],
            series: [
              { label: "Day" },
              { label: "Visitors", stroke: "#1d4ed8", width: 2 },
              { label: "Page views", stroke: "#047857", width: 2 },
              { label: "Visitors (previous period)", stroke: "#1d4ed8", width: 1, dash: [6, 4] },
              { label: "Page views (previous period)", stroke: "#047857", width: 1, dash: [6, 4] },
            ],
          },
          [xs, daily.map((p) => p.visitors), daily.map((p) => p.views), previous.map((p) => p.visitors), previous.map((p) => p.views)],
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize(size()));
        observer.observe(element);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [daily, previous]);

  const visitors = daily.reduce((sum, p) => sum + p.visitors, 0);
  const views = daily.reduce((sum, p) => sum + p.views, 0);
  const before = { visitors: previous.reduce((sum, p) => sum + p.visitors, 0), views: previous.reduce((sum, p) => sum + p.views, 0) };
  const first = daily[0]?.day ?? "";
  const last = daily.at(-1)?.day ?? "";
  return (
    <figure aria-labelledby="stats-chart-title" aria-describedby="stats-chart-description" className="flex flex-col gap-2">
      <figcaption id="stats-chart-title" className="font-semibold text-slate-900">
        Visitors and page views per day
      </figcaption>
      <p id="stats-chart-description" className="text-sm text-slate-700">
        Line chart, {first} to {last}: {number.format(visitors)} visitors and {number.format(views)} page views (previous period, dashed:{" "}
        {number.format(before.visitors)} visitors and {number.format(before.views)} page views). The same figures are in the table below the chart.
      </p>
      {failed ? <p className="text-sm text-red-800">The chart could not be drawn; the table below has its figures.</p> : null}
      <div ref={box} aria-hidden="true" className="min-h-[280px] w-full" data-testid="stats-chart" />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">The chart as a table</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left">
            <caption className="sr-only">Visitors and page views per day, with the previous period</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="px-2 py-1">Day</th>
                <th scope="col" className="px-2 py-1 text-end">Visitors</th>
                <th scope="col" className="px-2 py-1 text-end">Page views</th>
                <th scope="col" className="px-2 py-1">Previous period day</th>
                <th scope="col" className="px-2 py-1 text-end">Visitors</th>
                <th scope="col" className="px-2 py-1 text-end">Page views</th>
              </tr>
            </thead>
            <tbody>
              {daily.map((point, i) => (
                <tr key={point.day} className="border-b border-slate-100">
                  <th scope="row" className="px-2 py-1 font-normal">{point.day}</th>
                  <td className="px-2 py-1 text-end">{number.format(point.visitors)}</td>
                  <td className="px-2 py-1 text-end">{number.format(point.views)}</td>
                  <td className="px-2 py-1">{previous[i]?.day}</td>
                  <td className="px-2 py-1 text-end">{number.format(previous[i]?.visitors ?? 0)}</td>
                  <td className="px-2 py-1 text-end">{number.format(previous[i]?.views ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
