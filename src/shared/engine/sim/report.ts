import type { SimAccumulator, SimLayout } from './stats';
import { wilsonInterval } from './wilson';

/** One side's line of the `simulate --json` report (DESIGN.md). */
export interface SideReport {
  side: string;
  crew: string;
  wins: number;
  winRate: number;
  ci95: [number, number];
}

/** Extra figures for the editor's test-run panel; appended after the required keys. */
export interface SimAnalysis {
  scenario: string;
  drawRate: number;
  drawCi95: [number, number];
  /** Per side: mean points and points → runs. */
  points: { side: string; mean: number; histogram: Record<string, number> }[];
  /** Rounds × outcome buckets with the lowest run index of each, to open one battle of the bucket. */
  buckets: { rounds: number; outcome: string; count: number; exampleRun: number; exampleSeed: number }[];
  /** Fraction of runs in which each side ever had a member in each Area. */
  areasEntered: { side: string; area: string; rate: number }[];
  /** Fraction of runs that lasted every round of the scenario. */
  fullLengthRate: number;
}

/** The `simulate --json` report, keys in DESIGN.md order, then `analysis`. */
export interface SimReport {
  runs: number;
  seed: number;
  ruleset: string;
  sides: SideReport[];
  draws: number;
  rounds: { mean: number; histogram: Record<string, number> };
  /** Per member; `side` (the side id, additive to DESIGN.md) tells the two crews of a mirror match apart. */
  members: { crew: string; member: string; incapacitatedRate: number; side: string }[];
  objectives: { id: string; completedRate: Record<string, number> }[];
  elapsedMs: number;
  analysis?: SimAnalysis;
}

const rate = (k: number, n: number): number => (n > 0 ? k / n : 0);

/** Copies a count record with keys in ascending numeric order. */
const sortedCounts = (rec: Record<string, number>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const k of Object.keys(rec).sort((a, b) => Number(a) - Number(b))) out[k] = rec[k];
  return out;
};

/**
 * Builds the DESIGN.md report from merged statistics. Everything but `elapsedMs` is a function of
 * the counters only, so equal counters give byte-identical JSON.
 */
export const buildReport = (
  layout: SimLayout,
  acc: SimAccumulator,
  seed: number,
  elapsedMs: number,
  withAnalysis = true,
): SimReport => {
  const n = acc.runs;
  const report: SimReport = {
    runs: n,
    seed,
    ruleset: layout.ruleset,
    sides: layout.sides.map((s, i) => ({
      side: s.id,
      crew: s.crew,
      wins: acc.wins[i],
      winRate: rate(acc.wins[i], n),
      ci95: wilsonInterval(acc.wins[i], n),
    })),
    draws: acc.draws,
    rounds: { mean: rate(acc.roundsSum, n), histogram: sortedCounts(acc.roundsHist) },
    members: layout.members.map((m, i) => ({
      crew: m.crew,
      member: m.member,
      incapacitatedRate: rate(acc.incapacitated[i], n),
      side: layout.sides[m.side].id,
    })),
    objectives: layout.objectives.map((id, o) => ({
      id,
      completedRate: Object.fromEntries(layout.sides.map((s, i) => [s.id, rate(acc.objectives[o][i], n)])),
    })),
    elapsedMs,
  };
  if (withAnalysis) report.analysis = buildAnalysis(layout, acc);
  return report;
};

const buildAnalysis = (layout: SimLayout, acc: SimAccumulator): SimAnalysis => {
  const n = acc.runs;
  const buckets = Object.entries(acc.buckets)
    .map(([key, b]) => {
      const [rounds, outcome] = key.split(':');
      return { rounds: Number(rounds), outcome, count: b.count, exampleRun: b.exampleIndex, exampleSeed: b.exampleSeed };
    })
    .sort((a, b) => a.rounds - b.rounds || a.outcome.localeCompare(b.outcome));
  return {
    scenario: layout.scenario,
    drawRate: rate(acc.draws, n),
    drawCi95: wilsonInterval(acc.draws, n),
    points: layout.sides.map((s, i) => {
      const hist = sortedCounts(acc.points[i]);
      const sum = Object.entries(hist).reduce((t, [p, c]) => t + Number(p) * c, 0);
      return { side: s.id, mean: rate(sum, n), histogram: hist };
    }),
    buckets,
    areasEntered: layout.sides.flatMap((s, i) =>
      layout.areas.map((area, a) => ({ side: s.id, area, rate: rate(acc.areasEntered[i][a], n) })),
    ),
    fullLengthRate: rate(acc.fullLength, n),
  };
};

/** Largest Wilson half-width over the sides' win rates: the stopping rule of `untilHalfWidth`. */
export const maxHalfWidth = (acc: SimAccumulator): number =>
  Math.max(
    ...acc.wins.map((w) => {
      const [lo, hi] = wilsonInterval(w, acc.runs);
      return (hi - lo) / 2;
    }),
  );
