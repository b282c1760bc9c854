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

/**
 * Mounts once the element is (nearly) in view, then waits its turn in the page-wide mount queue;
 * also tracks the element's width. Charts far below the fold cost nothing until scrolled to.
 */
function useVisibleWidth(active: boolean): [RefObject<HTMLDivElement | null>, boolean, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [ready, setReady] = useState(false);
  const mounted = useRef(false);
  mounted.current = ready;
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || !active) return;
    setWidth(el.clientWidth);
    let cancel: (() => void) | null = null;
    const io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (!entries.some((e) => e.isIntersecting) || cancel) return;
              io?.disconnect();
              cancel = queueMount(() => startTransition(() => setReady(true)));
            },
            { rootMargin: '200px' },
          )
        : null;
    if (mounted.current) io?.disconnect();
    else if (io) io.observe(el);
    else cancel = queueMount(() => setReady(true));
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
      cancel?.();
    };
  }, [active]);
  return [ref, ready, width];
}

/** Props of {@link ChartFigure}. */
export interface ChartFigureProps {
  label: string;
  height: number;
  legend?: LegendItem[];
  table: TableModel;
  /** Draws the chart at `width` px. */
  children: (width: number) => ReactElement;
}

/**
 * One chart: caption, "Show as table" toggle (the same numbers, for screen readers and copying),
 * an HTML legend, and the chart itself, mounted when scrolled into view at the width it has.
 */
export function ChartFigure({ label, height, legend = [], table, children }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const [ref, ready, width] = useVisibleWidth(!asTable);
  const w = Math.max(MIN_CHART_WIDTH, width);
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
            {ready && width > 0 ? children(w) : <div className="tr-chart-placeholder" style={{ height }} />}
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
