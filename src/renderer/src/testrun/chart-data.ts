/**
 * Chart rows from a simulation report (issue 5, "Results as charts"), and the battle behind a
 * clicked bar. Pure: a function of the report and display names.
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

/** Win / draw / loss per side, in %, with the win rate's 95% interval as error-bar deltas. */
export interface OutcomeRow {
  side: string;
  sideId: string;
  win: number;
  draw: number;
  loss: number;
  winError: [number, number];
  winCi: [number, number];
}

const pct = (x: number): number => Math.round(x * 10000) / 100;

/** One row per side. */
export function outcomeRows(report: SimReport, names: Record<string, string> = {}): OutcomeRow[] {
  const n = Math.max(1, report.runs);
  const draw = report.draws / n;
  return report.sides.map((s) => ({
    side: names[s.side] ?? s.side,
    sideId: s.side,
    win: pct(s.winRate),
    draw: pct(draw),
    loss: pct(Math.max(0, 1 - s.winRate - draw)),
    winError: [pct(s.winRate - s.ci95[0]), pct(s.ci95[1] - s.winRate)],
    winCi: [pct(s.ci95[0]), pct(s.ci95[1])],
  }));
}

/** Battles per rounds played, split by outcome (keys: side ids and `draw`). */
export function roundsRows(report: SimReport): Record<string, number>[] {
  const buckets = report.analysis?.buckets;
  if (!buckets)
    return Object.entries(report.rounds.histogram).map(([r, c]) => ({ rounds: Number(r), total: c }));
  const byRounds = new Map<number, Record<string, number>>();
  for (const b of buckets) {
    const row = byRounds.get(b.rounds) ?? { rounds: b.rounds };
    row[b.outcome] = (row[b.outcome] ?? 0) + b.count;
    byRounds.set(b.rounds, row);
  }
  return [...byRounds.values()].sort((a, b) => a.rounds! - b.rounds!);
}

/** Incapacitation rate (%) per member, labelled "member (crew, side s)" so a mirror match stays readable. */
export function memberRows(report: SimReport): { member: string; rate: number }[] {
  return report.members.map((m) => ({ member: `${m.member} (${m.crew}, side ${m.side})`, rate: pct(m.incapacitatedRate) }));
}

/** Completion rate (%) per objective, one key per side id. */
export function objectiveRows(
  report: SimReport,
  names: Record<string, string> = {},
): Record<string, string | number>[] {
  return report.objectives.map((o) => {
    const row: Record<string, string | number> = { objective: names[o.id] ?? o.id };
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

/** The earliest battle `sideId` lost (another side won), or null when it never lost. */
export function lossBattle(report: SimReport, sideId: string): BattleRef | null {
  const losses = battleRefs(report).filter((b) => b.outcome !== sideId && b.outcome !== 'draw');
  return losses.reduce<BattleRef | null>((best, b) => (best === null || b.run < best.run ? b : best), null);
}
