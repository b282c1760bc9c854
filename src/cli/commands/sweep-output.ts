import type { SimReport } from '../../shared/engine/sim/report';
import { wilsonInterval } from '../../shared/engine/sim/wilson';
import type { Vary } from '../../shared/sweep';

/** One finished variant: its value on each axis, its bots and its report (no timing, no analysis). */
export interface SweepRow {
  values: string[];
  bots: [string, string];
  report: Omit<SimReport, 'elapsedMs' | 'analysis'>;
}

/** What the whole sweep was. */
export interface SweepMeta {
  scenario: string;
  runs: number;
  seed: number;
  varies: readonly Vary[];
  total: number;
  partial: boolean;
  elapsedMs: number;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const interval = ([lo, hi]: [number, number]): string => `[${pct(lo)}–${pct(hi)}]`;

/** The readable table: one row per variant, each side's win rate with its 95% interval, then draws. */
export function sweepTable(meta: SweepMeta, rows: readonly SweepRow[]): string {
  const head = [
    ...(meta.partial ? [`PARTIAL RESULT: interrupted by Ctrl+C after ${rows.length} of ${meta.total} variants`] : []),
    `sweep ${meta.scenario}: ${meta.total} variants × ${meta.runs} runs, seed ${meta.seed}, identical seeds for every variant, ${meta.elapsedMs} ms`,
    '',
  ];
  if (rows.length === 0) return [...head, '(no variant finished)'].join('\n');
  const sides = rows[0].report.sides.map((s) => s.side);
  const header = [...meta.varies.map((v) => v.path), ...sides.map((s) => `${s} wins [95%]`), 'draws'];
  const body = rows.map((r) => [
    ...r.values,
    ...r.report.sides.map((s) => `${pct(s.winRate)} ${interval(s.ci95)} ${s.crew}`),
    pct(r.report.runs > 0 ? r.report.draws / r.report.runs : 0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [...head, line(header), ...body.map(line)].join('\n');
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break. */
const field = (v: string | number): string => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** CSV: a header, then one line per variant (axis values, per side: crew, wins, rate, interval; draws). */
export function sweepCsv(varies: readonly Vary[], rows: readonly SweepRow[]): string {
  const sides = rows[0]?.report.sides.map((s) => s.side) ?? ['a', 'b'];
  const header = [
    ...varies.map((v) => v.path),
    'runs',
    ...sides.flatMap((s) => [`${s}_crew`, `${s}_wins`, `${s}_win_rate`, `${s}_ci95_low`, `${s}_ci95_high`]),
    'draws',
    'draw_rate',
    'draw_ci95_low',
    'draw_ci95_high',
  ];
  const lines = rows.map((r) => {
    const n = r.report.runs;
    const [lo, hi] = wilsonInterval(r.report.draws, n);
    return [...r.values, n, ...r.report.sides.flatMap((s) => [s.crew, s.wins, s.winRate, s.ci95[0], s.ci95[1]]), r.report.draws, n > 0 ? r.report.draws / n : 0, lo, hi];
  });
  return [header, ...lines].map((cells) => cells.map(field).join(',')).join('\n');
}

/** JSON: the sweep and, per variant, its axis values, bots and the `simulate --json` report minus elapsedMs. */
export function sweepJson(meta: SweepMeta, rows: readonly SweepRow[]): string {
  return JSON.stringify({
    scenario: meta.scenario,
    runs: meta.runs,
    seed: meta.seed,
    vary: meta.varies.map((v) => ({ path: v.path, values: v.values.map((x) => x.text) })),
    variants: rows.map((r) => ({ values: Object.fromEntries(meta.varies.map((v, i) => [v.path, r.values[i]])), bots: r.bots, report: r.report })),
    elapsedMs: meta.elapsedMs,
    ...(meta.partial ? { partial: true } : {}),
  });
}
