/**
 * Comparing two simulation reports run on identical seeds (issue 5, "Compare"): per side, the
 * difference in win rate with a 95% interval, plus the draw rate.
 */
import { err, ok } from '../../result';
import type { Result } from '../../result';
import type { SimReport } from '../sim/report';
import { wilsonInterval } from '../sim/wilson';

/** One rate in both reports and the difference second − first with its 95% interval. */
export interface RateDiff {
  /** Side id, or `draw`. */
  subject: string;
  first: number;
  second: number;
  /** second − first. */
  diff: number;
  /** 95% interval of `diff` (Newcombe's hybrid score interval), within [−1, 1]. */
  ci95: [number, number];
  /** True when the interval excludes 0. */
  significant: boolean;
}

/** The comparison of two reports: one line per side, then the draws. */
export interface Comparison {
  runs: [number, number];
  sides: RateDiff[];
  draws: RateDiff;
}

/**
 * Newcombe's hybrid score interval (method 10) for the difference of two independent proportions
 * k2/n2 − k1/n1, built from each one's Wilson interval. Both n must be ≥ 1.
 */
export function differenceInterval(k1: number, n1: number, k2: number, n2: number): [number, number] {
  const p1 = k1 / n1;
  const p2 = k2 / n2;
  const [l1, u1] = wilsonInterval(k1, n1);
  const [l2, u2] = wilsonInterval(k2, n2);
  const d = p2 - p1;
  const lo = d - Math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2);
  const hi = d + Math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2);
  return [Math.max(-1, lo), Math.min(1, hi)];
}

const diffOf = (subject: string, k1: number, n1: number, k2: number, n2: number): RateDiff => {
  const ci95 = differenceInterval(k1, n1, k2, n2);
  const diff = k2 / n2 - k1 / n1;
  return { subject, first: k1 / n1, second: k2 / n2, diff, ci95, significant: ci95[0] > 0 || ci95[1] < 0 };
};

/**
 * Compares `second` against `first`, side by side id. Fails with `compare/empty` when a report has
 * no runs and `compare/sides` when their side ids differ (they are not the same scenario).
 */
export function compareReports(first: SimReport, second: SimReport): Result<Comparison> {
  if (first.runs <= 0 || second.runs <= 0)
    return err(
      'compare/empty',
      `a simulation of the comparison finished with no runs (${first.runs} and ${second.runs}); run at least one battle on each side`,
    );
  const ids1 = first.sides.map((s) => s.side).join(',');
  const ids2 = second.sides.map((s) => s.side).join(',');
  if (ids1 !== ids2)
    return err(
      'compare/sides',
      `the two simulations have different sides (${ids1} vs ${ids2}); compare runs of the same scenario`,
    );
  return ok({
    runs: [first.runs, second.runs],
    sides: first.sides.map((s, i) => diffOf(s.side, s.wins, first.runs, second.sides[i]!.wins, second.runs)),
    draws: diffOf('draw', first.draws, first.runs, second.draws, second.runs),
  });
}
