import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  name: string;
  values: number[];
}

interface Props {
  /** The chart's title, also the caption of its data table. */
  title: string;
  /** One label per point: days (`YYYY-MM-DD`) for a time chart, names for a bar chart. */
  labels: string[];
  series: ChartSeries[];
  /** `days`: lines over UTC days; `bars`: one bar per label (the first series). */
  kind: 'days' | 'bars';
  /** Test and tooling hook: `data-chart` on the figure. */
  id: string;
}

const COLOURS = ['#2456c7', '#c2410c', '#15803d', '#7e22ce', '#0e7490', '#a16207', '#be123c', '#4d7c0f', '#334155'];

/**
 * A chart drawn by uPlot on a canvas, and the same figures as a table beside it: the table is what
 * a screen reader reads and what the browser tests compare with the API.
 */
export function Chart({ title, labels, series, kind, id }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || labels.length === 0) return;
    const xs = kind === 'days' ? labels.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000) : labels.map((_, i) => i);
    const shown = kind === 'bars' ? series.slice(0, 1) : series;
    const options: uPlot.Options = {
      width: Math.max(el.clientWidth, 320),
      height: 220,
      legend: { show: kind === 'days' },
      cursor: { drag: { x: false, y: false } },
      scales:
        kind === 'bars'
          ? { x: { time: false, range: [-0.6, labels.length - 0.4] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } }
          : // One day alone would stretch the axis over years: a day either side.
            { x: { time: true, range: (_u, min, max) => (min === max ? [min - 86_400, max + 86_400] : [min, max]) } },
      axes: [
        kind === 'bars' ? { values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')), rotate: 0, gap: 4, size: 40 } : {},
        { size: 70 },
      ],
      series: [
        {},
        ...shown.map((s, i) => ({
          label: s.name,
          stroke: COLOURS[i % COLOURS.length],
          fill: kind === 'bars' ? `${COLOURS[i % COLOURS.length]}cc` : undefined,
          width: 2,
          paths: kind === 'bars' ? uPlot.paths.bars!({ size: [0.6, 80] }) : undefined,
          points: { show: kind === 'days' },
        })),
      ],
    };
    const plot = new uPlot(options, [xs, ...shown.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 320), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [kind, JSON.stringify(labels), JSON.stringify(series)]);

  return (
    <figure class="chart" data-chart={id}>
      <figcaption>{title}</figcaption>
      {labels.length === 0 ? <p class="muted">No calls in this period.</p> : <div ref={box} class="chart-canvas" aria-hidden="true" />}
      <details>
        <summary>Figures</summary>
        <table data-chart-table={id}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{kind === 'days' ? 'day' : 'name'}</th>
              {series.map((s) => (
                <th scope="col" key={s.name}>
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.name} data-value={s.values[row] ?? 0}>
                    {(s.values[row] ?? 0).toLocaleString('en-US')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
