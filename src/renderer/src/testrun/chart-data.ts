/**
 * Chart rows from a simulation report (issues 5 and 11, "charts that read right"), the table of
 * each chart with the same numbers, and the battle behind a clicked bar. Pure: a function of the
 * report and display names, so it can run in a worker (chart-client).
 */
import type { SimReport } from '../../../shared/engine/sim/report';

/** A battle a user can open in Play: the simulation run and its battle seed. */
export interface BattleRef {
  rounds: number;
  outcome: string;
  run: number;
  seed: number;
  count: number;
}

/** One outcome of the battles ("The Choir wins", "Draw"): rate in %, its 95% interval, count. */
export interface OutcomeRow {
  /** Side id or `draw`. */
  key: string;
  label: string;
  /** % of battles. */
  value: number;
  /** Error-bar deltas below and above `value`, in points. */
  error: [number, number];
  ci: [number, number];
  count: number;
}

/** A table of a chart: a caption, column headers and formatted cells (the first cell is the row header). */
export interface TableModel {
  caption: string;
  columns: string[];
  rows: string[][];
}

/** Rounds a fraction to a percentage with two decimals (chart values). */
export const pct = (x: number): number => Math.round(x * 10000) / 100;
/** "62.4%": one decimal, as every table and tooltip shows a rate. */
export const fmtPct = (x: number): string => `${x.toFixed(1)}%`;
/** "1,234". */
export const fmtCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Ticks for a count axis from 0 to at least `max`: 0 and four more at a round step (1, 2, 5 × 10^k),
 * so every tick is drawn without recharts measuring labels to thin them out.
 */
export function countTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const n = Math.max(1, Math.ceil(max / step));
  return Array.from({ length: n + 1 }, (_, i) => Math.round(i * step));
}

/** Display name of a side, objective or Area id (the id when it has none). */
const nameOf = (names: Record<string, string>, id: string): string => names[id] ?? id;

/** One row per side's wins, then the draws: each side's colour, its win rate and interval. */
export function outcomeRows(report: SimReport, names: Record<string, string> = {}): OutcomeRow[] {
  const n = Math.max(1, report.runs);
  const row = (key: string, label: string, count: number, ci: [number, number]): OutcomeRow => {
    const value = pct(count / n);
    return { key, label, value, error: [Math.max(0, value - pct(ci[0])), Math.max(0, pct(ci[1]) - value)], ci: [pct(ci[0]), pct(ci[1])], count };
  };
  return [
    ...report.sides.map((s) => row(s.side, `${nameOf(names, s.side)} wins`, s.wins, s.ci95)),
    row('draw', 'Draw', report.draws, report.analysis?.drawCi95 ?? [report.draws / n, report.draws / n]),
  ];
}

/** Battles per rounds played, split by outcome (keys: side ids and `draw`; `total` without analysis). */
export function roundsRows(report: SimReport): Record<string, number>[] {
  const buckets = report.analysis?.buckets;
  if (!buckets) return Object.entries(report.rounds.histogram).map(([r, c]) => ({ rounds: Number(r), total: c }));
  const byRounds = new Map<number, Record<string, number>>();
  for (const b of buckets) {
    const row = byRounds.get(b.rounds) ?? { rounds: b.rounds };
    row[b.outcome] = (row[b.outcome] ?? 0) + b.count;
    byRounds.set(b.rounds, row);
  }
  return [...byRounds.values()].sort((a, b) => a.rounds! - b.rounds!);
}

/** Incapacitation rate (%) of one member, labelled with its name (and side, so a mirror match stays readable). */
export interface MemberRow {
  member: string;
  /** Side id: the bar's colour. */
  side: string;
  rate: number;
}

/** One row per member, named "Warden-7 (The Choir)" from `names['member:<side>:<id>']` and the side's name. */
export function memberRows(report: SimReport, names: Record<string, string> = {}): MemberRow[] {
  return report.members.map((m) => ({
    member: `${names[`member:${m.side}:${m.member}`] ?? m.member} (${nameOf(names, m.side)})`,
    side: m.side,
    rate: pct(m.incapacitatedRate),
  }));
}

/** Completion rate (%) per objective, one key per side id. */
export function objectiveRows(report: SimReport, names: Record<string, string> = {}): Record<string, string | number>[] {
  return report.objectives.map((o) => {
    const row: Record<string, string | number> = { objective: nameOf(names, o.id) };
    for (const [side, r] of Object.entries(o.completedRate)) row[side] = pct(r);
    return row;
  });
}

/** Most bars the points distribution draws; wider ranges are bucketed (long tasks, issue 5). */
export const MAX_POINT_BARS = 24;

/**
 * Battles per final points value, one key per side id, at most `maxBars` rows: when the values
 * span more, they are grouped into equal ranges. `points` is the range's lowest value and
 * `pointsTo` its highest (equal when not grouped); rows are in ascending order and every battle
 * is counted once per side.
 */
export function pointsRows(report: SimReport, maxBars = MAX_POINT_BARS): Record<string, number>[] {
  const all = (report.analysis?.points ?? []).flatMap((p) =>
    Object.entries(p.histogram).map(([pts, count]) => ({ side: p.side, pts: Number(pts), count })),
  );
  if (all.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const e of all) {
    min = Math.min(min, e.pts);
    max = Math.max(max, e.pts);
  }
  const width = Math.max(1, Math.ceil((max - min + 1) / Math.max(1, maxBars)));
  const rows = new Map<number, Record<string, number>>();
  for (const e of all) {
    const lo = min + Math.floor((e.pts - min) / width) * width;
    const hi = Math.min(max, lo + width - 1);
    const row = rows.get(lo) ?? { points: lo, pointsTo: hi };
    row[e.side] = (row[e.side] ?? 0) + e.count;
    rows.set(lo, row);
  }
  return [...rows.values()].sort((a, b) => a.points! - b.points!);
}

/** Axis label of a points row: "7", or "7–9" for a grouped range. */
export function pointsLabel(row: Record<string, number>): string {
  return row.pointsTo === undefined || row.pointsTo === row.points ? String(row.points) : `${row.points}–${row.pointsTo}`;
}

/** Every bucket as a battle to open, rounds then outcome order. */
export function battleRefs(report: SimReport): BattleRef[] {
  return (report.analysis?.buckets ?? []).map((b) => ({
    rounds: b.rounds,
    outcome: b.outcome,
    run: b.exampleRun,
    seed: b.exampleSeed,
    count: b.count,
  }));
}

/** The battle of the bucket (rounds, outcome), or null. */
export function bucketBattle(report: SimReport, rounds: number, outcome: string): BattleRef | null {
  return battleRefs(report).find((b) => b.rounds === rounds && b.outcome === outcome) ?? null;
}

/** The commonest battle with this outcome (a side id or `draw`), or null when there was none. */
export function outcomeBattle(report: SimReport, outcome: string): BattleRef | null {
  return battleRefs(report)
    .filter((b) => b.outcome === outcome)
    .reduce<BattleRef | null>((best, b) => (best === null || b.count > best.count ? b : best), null);
}

/** The earliest battle `sideId` lost (another side won), or null when it never lost. */
export function lossBattle(report: SimReport, sideId: string): BattleRef | null {
  const losses = battleRefs(report).filter((b) => b.outcome !== sideId && b.outcome !== 'draw');
  return losses.reduce<BattleRef | null>((best, b) => (best === null || b.run < best.run ? b : best), null);
}

/** Ids of the charts of a report, in page order. */
export const CHART_IDS = ['outcomes', 'rounds', 'members', 'objectives', 'points'] as const;
/** One chart of a report. */
export type ChartId = (typeof CHART_IDS)[number];

/** Everything the charts of one report draw, and each chart's table. */
export interface ChartModel {
  runs: number;
  sides: string[];
  outcomes: OutcomeRow[];
  rounds: Record<string, number>[];
  /** Keys of the rounds rows (side ids and `draw`, or `total`). */
  roundKeys: string[];
  members: MemberRow[];
  objectives: Record<string, string | number>[];
  points: Record<string, number>[];
  refs: BattleRef[];
  tables: Record<ChartId, TableModel>;
}

/** The series name of a rounds key: "The Choir wins", "draw", "battles". */
export const roundKeyName = (names: Record<string, string>, k: string): string =>
  k === 'draw' ? 'Draw' : k === 'total' ? 'Battles' : `${nameOf(names, k)} wins`;

/** The chart model of `report`; `title` prefixes every table caption. */
export function chartModel(report: SimReport, names: Record<string, string> = {}, title = ''): ChartModel {
  const sides = report.sides.map((s) => s.side);
  const n = Math.max(1, report.runs);
  const outcomes = outcomeRows(report, names);
  const rounds = roundsRows(report);
  const roundKeys = report.analysis ? [...sides, 'draw'] : ['total'];
  const members = memberRows(report, names);
  const objectives = objectiveRows(report, names);
  const points = pointsRows(report);
  const side = (id: string): string => nameOf(names, id);
  const share = (c: number | undefined): string => `${fmtCount(c ?? 0)} (${fmtPct(pct((c ?? 0) / n))})`;
  const tables: Record<ChartId, TableModel> = {
    outcomes: {
      caption: `${title}Win, draw and loss per side (%)`,
      columns: ['Outcome', 'Rate', '95% interval', 'Battles'],
      rows: outcomes.map((o) => [o.label, fmtPct(o.value), `${fmtPct(o.ci[0])}–${fmtPct(o.ci[1])}`, fmtCount(o.count)]),
    },
    rounds: {
      caption: `${title}Rounds played`,
      columns: ['Rounds', ...roundKeys.map((k) => roundKeyName(names, k))],
      rows: rounds.map((r) => [String(r.rounds), ...roundKeys.map((k) => share(r[k]))]),
    },
    members: {
      caption: `${title}Incapacitation rate per member (%)`,
      columns: ['Member', 'Incapacitated'],
      rows: members.map((m) => [m.member, fmtPct(m.rate)]),
    },
    objectives: {
      caption: `${title}Objective completion per side (%)`,
      columns: ['Objective', ...sides.map(side)],
      rows: objectives.map((o) => [String(o.objective), ...sides.map((s) => fmtPct(Number(o[s] ?? 0)))]),
    },
    points: {
      caption: `${title}Points distribution`,
      columns: ['Points', ...sides.map(side)],
      rows: points.map((p) => [pointsLabel(p), ...sides.map((s) => share(p[s]))]),
    },
  };
  return { runs: report.runs, sides, outcomes, rounds, roundKeys, members, objectives, points, refs: battleRefs(report), tables };
}
