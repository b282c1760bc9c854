import { buildCoverage } from './coverage-report';
import type { CoverageReport } from './coverage-report';
import type { Example, SimAccumulator, SimLayout } from './stats';
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
  /** Crew value (R1.1) of each side, by side id. */
  crewValues: Record<string, number>;
  /** Outcomes by the side that had the Initiative in round 1 (R2.2): runs, wins by side id, draws. */
  firstPlayer: { first: string; runs: number; wins: Record<string, number>; draws: number }[];
  /** Per objective and side: runs in which the side completed it, and how many of those it won. */
  objectiveOutcomes: { id: string; side: string; completed: number; completedWins: number }[];
  /** Per member: runs it ended incapacitated (or fled), and how many of those its side won. */
  memberOutcomes: { side: string; crew: string; member: string; incapacitated: number; incapacitatedWins: number }[];
  /**
   * Example battles (lowest run index): `first:<side>:<winner side|draw>`,
   * `objective:<id>:<side>:<won|lost>` (the side completed it), `member:<side>:<member>:<out|in>:<won|lost>`.
   */
  examples: Record<string, { run: number; seed: number }>;
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
  /** Rule coverage (issue 16): battles each rule, effect, objective and Area fired in; what never did and why. */
  coverage?: CoverageReport;
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
  if (layout.coverage !== undefined && acc.coverage !== undefined) report.coverage = buildCoverage(layout.coverage, acc.coverage);
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
    crewValues: Object.fromEntries(layout.sides.map((s) => [s.id, s.value])),
    firstPlayer: layout.sides.map((s, f) => ({
      first: s.id,
      runs: acc.byFirst[f].reduce((t, v) => t + v, 0),
      wins: Object.fromEntries(layout.sides.map((w, i) => [w.id, acc.byFirst[f][i]])),
      draws: acc.byFirst[f][layout.sides.length],
    })),
    objectiveOutcomes: layout.objectives.flatMap((id, o) =>
      layout.sides.map((s, i) => ({ id, side: s.id, completed: acc.objectives[o][i], completedWins: acc.objectiveWins[o][i] })),
    ),
    memberOutcomes: layout.members.map((m, i) => ({
      side: layout.sides[m.side].id,
      crew: m.crew,
      member: m.member,
      incapacitated: acc.incapacitated[i],
      incapacitatedWins: acc.incapacitatedWins[i],
    })),
    examples: reportExamples(layout, acc.examples),
  };
};

/** The accumulator's example keys (indices) as report keys (ids), sorted for stable JSON. */
const reportExamples = (layout: SimLayout, examples: Record<string, Example>): Record<string, { run: number; seed: number }> => {
  const side = (i: string): string => (i === 'draw' ? 'draw' : (layout.sides[Number(i)]?.id ?? i));
  const out: Record<string, { run: number; seed: number }> = {};
  for (const key of Object.keys(examples).sort()) {
    const [kind, a, b, c] = key.split(':');
    let id: string;
    if (kind === 'first') id = `first:${side(a)}:${side(b)}`;
    else if (kind === 'objective') id = `objective:${layout.objectives[Number(a)]}:${side(b)}:${c}`;
    else {
      const m = layout.members[Number(a)];
      id = `member:${layout.sides[m?.side ?? 0]?.id}:${m?.member}:${b}:${c}`;
    }
    out[id] = { run: examples[key].exampleIndex, seed: examples[key].exampleSeed };
  }
  return out;
};

/** Largest Wilson half-width over the sides' win rates: the stopping rule of `untilHalfWidth`. */
export const maxHalfWidth = (acc: SimAccumulator): number =>
  Math.max(
    ...acc.wins.map((w) => {
      const [lo, hi] = wilsonInterval(w, acc.runs);
      return (hi - lo) / 2;
    }),
  );
