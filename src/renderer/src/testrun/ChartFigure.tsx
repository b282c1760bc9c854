import { startTransition, useEffect, useRef, useState } from 'react';
import type { ReactElement, RefObject } from 'react';
import { ToggleButton } from 'react-aria-components';
import { Table2 } from 'lucide-react';
import type { TableModel } from './chart-data';

/** A legend entry: series name and colour. */
export interface LegendItem {
  name: string;
  color: string;
}

/** Least width a chart is drawn at (narrower panes scroll sideways). */
export const MIN_CHART_WIDTH = 320;

/** Waits for an idle moment (or at most `timeout` ms), then calls `fn`; returns a canceller. */
function whenIdle(fn: () => void, timeout = 500): () => void {
  const w = globalThis as unknown as {
    requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout });
    return () => w.cancelIdleCallback!(id);
  }
  const t = setTimeout(fn, 0);
  return () => clearTimeout(t);
}

// Charts waiting to mount, one per idle moment across the whole page (long tasks, issue 11 item 6).
const waiting: (() => void)[] = [];
let pumping = false;
const pump = (): void => {
  if (pumping) return;
  const next = waiting.shift();
  if (!next) return;
  pumping = true;
  whenIdle(() => {
    pumping = false;
    next();
    pump();
  });
};
const queueMount = (fn: () => void): (() => void) => {
  waiting.push(fn);
  pump();
  return () => {
    const i = waiting.indexOf(fn);
    if (i >= 0) waiting.splice(i, 1);
  };
};

/** Tracks whether the element is (nearly) in view, and its width. */
function useInViewWidth(active: boolean): [RefObject<HTMLDivElement | null>, boolean, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [inView, setInView] = useState(false);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    setWidth(el.clientWidth);
    const io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)), { rootMargin: '200px' })
        : null;
    if (io) io.observe(el);
    else setInView(true);
    let frame = 0;
    const ro =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() => {
            cancelAnimationFrame(frame);
            frame = requestAnimationFrame(() => setWidth(el.clientWidth));
          })
        : null;
    ro?.observe(el);
    return () => {
      io?.disconnect();
      ro?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [active]);
  return [ref, inView, width];
}

/** A drawn chart: the element, the data and width it was drawn for, and whether it was the skeleton. */
interface Drawn {
  data: unknown;
  width: number;
  el: ReactElement;
  skeleton: boolean;
}

/**
 * The chart element to show: drawn again only when the data or the width changed, only while the
 * chart is (nearly) in view, and only in its turn in the page-wide queue (one chart per idle
 * moment), so no task draws several charts and charts nobody sees cost nothing (issue 11, item 6).
 * Between draws the same element is returned, so React does not re-render the chart at all. A
 * chart's first draw is its skeleton (axes and grid, no data), then the data in a later turn:
 * mounting a chart is its dearest draw, and this splits it in two tasks.
 */
function useQueuedDraw(draw: ChartDraw, data: unknown, width: number, inView: boolean): Drawn | null {
  const latest = useRef(draw);
  latest.current = draw;
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const fresh = drawn !== null && !drawn.skeleton && drawn.data === data && drawn.width === width;
  useEffect(() => {
    if (!inView || width <= 0 || fresh) return;
    const skeleton = drawn === null;
    return queueMount(() => startTransition(() => setDrawn({ data, width, skeleton, el: latest.current(width, skeleton) })));
  }, [inView, width, data, fresh, drawn]);
  return drawn;
}

/** Draws a chart at `width` px; `skeleton` asks for its axes and grid without data. */
export type ChartDraw = (width: number, skeleton: boolean) => ReactElement;

/** Props of {@link ChartFigure}. */
export interface ChartFigureProps {
  label: string;
  height: number;
  legend?: LegendItem[];
  table: TableModel;
  /** What the chart shows (compared by identity): a new value draws it again, in its turn. */
  data: unknown;
  /** Draws the chart (see {@link ChartDraw}). */
  children: ChartDraw;
}

/**
 * One chart: caption, "Show as table" toggle (the same numbers, for screen readers and copying),
 * an HTML legend, and the chart itself, mounted when scrolled into view at the width it has.
 */
export function ChartFigure({ label, height, legend = [], table, data, children }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const [ref, inView, width] = useInViewWidth(!asTable);
  const w = width > 0 ? Math.max(MIN_CHART_WIDTH, width) : 0;
  const drawn = useQueuedDraw(children, data, w, inView && !asTable);
  return (
    <figure className="tr-chart" aria-label={label}>
      <div className="tr-chart-head">
        <figcaption>{label}</figcaption>
        <ToggleButton className="tr-toggle" isSelected={asTable} onChange={setAsTable} aria-label={`Show ${label} as table`}>
          <Table2 aria-hidden="true" size={14} /> Show as table
        </ToggleButton>
      </div>
      {asTable ? (
        <ChartTable table={table} />
      ) : (
        <>
          <div ref={ref} className="tr-chart-body" style={{ minHeight: height }}>
            {drawn ? drawn.el : <div className="tr-chart-placeholder" style={{ height }} />}
          </div>
          {legend.length > 0 && (
            <ul className="tr-legend" aria-label={`Legend of ${label}`}>
              {legend.map((l) => (
                <li key={l.name}>
                  <span className="tr-swatch" style={{ background: l.color }} aria-hidden="true" />
                  {l.name}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </figure>
  );
}

/** A chart's numbers as a table. */
export function ChartTable({ table }: { table: TableModel }) {
  return (
    <table className="tr-chart-table" aria-label={table.caption}>
      <thead>
        <tr>
          {table.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((r, i) => (
          <tr key={i}>
            {r.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
