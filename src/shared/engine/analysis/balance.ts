/**
 * Balance warnings read from one simulation report (issue 5, "Balance warnings from the batch"):
 * a lopsided mirror match, objectives nobody completes, Areas nobody enters, battles that always
 * run every round. Pure: the same report and context always give the same list, in that order.
 */
import type { SimReport } from '../sim/report';

/** Stable codes of the balance warnings. */
export type BalanceCode =
  'mirror-imbalance' | 'objective-never-completed' | 'area-never-entered' | 'always-full-length';

/** One finding: a stable code, the thing it is about, and a message naming the fix. */
export interface BalanceWarning {
  code: BalanceCode;
  /** Id of the side, objective or Area concerned; the scenario id for `always-full-length`. */
  subject: string;
  message: string;
}

/** What the report alone does not tell: whether the match is a mirror, and display names. */
export interface BalanceContext {
  /** Both sides field the same crew under the same bot (see {@link isMirrorMatch}). */
  mirror: boolean;
  /** Display names by id (sides, objectives, Areas); ids are used when absent. */
  names?: Record<string, string>;
}

/** A mirror win rate above this is flagged (issue 5: "more than 60%"). */
export const MIRROR_WIN_LIMIT = 0.6;

/** True when both sides field the same crew and are played by the same bot. */
export const isMirrorMatch = (
  crews: readonly [string, string],
  policies: readonly [string, string],
): boolean => crews[0] === crews[1] && policies[0] === policies[1];

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/**
 * The balance warnings of `report`; empty for a report of zero runs. Areas count as entered when
 * either side had a member there at any time (deployment included), which needs `report.analysis`.
 */
export function balanceWarnings(report: SimReport, context: BalanceContext): BalanceWarning[] {
  if (report.runs <= 0) return [];
  const name = (id: string): string => context.names?.[id] ?? id;
  const out: BalanceWarning[] = [];
  if (context.mirror) {
    for (const s of report.sides) {
      if (s.winRate > MIRROR_WIN_LIMIT) {
        out.push({
          code: 'mirror-imbalance',
          subject: s.side,
          message: `side '${name(s.side)}' wins ${pct(s.winRate)} of a mirror match (95% interval ${pct(s.ci95[0])}–${pct(s.ci95[1])}, limit ${pct(MIRROR_WIN_LIMIT)}); its deployment, Initiative or objectives favour it — move deployments or objectives to even it out`,
        });
      }
    }
  }
  for (const o of report.objectives) {
    if (Object.values(o.completedRate).every((r) => r === 0)) {
      out.push({
        code: 'objective-never-completed',
        subject: o.id,
        message: `objective '${name(o.id)}' was never completed in ${report.runs} battles; lower its progress, move it closer to a deployment, or give more rounds`,
      });
    }
  }
  const entered = report.analysis?.areasEntered ?? [];
  const areas = [...new Set(entered.map((e) => e.area))];
  for (const area of areas) {
    if (entered.filter((e) => e.area === area).every((e) => e.rate === 0)) {
      out.push({
        code: 'area-never-entered',
        subject: area,
        message: `Area '${name(area)}' was never entered in ${report.runs} battles; put an objective there, link it to the others, or remove it`,
      });
    }
  }
  if (report.analysis !== undefined && report.analysis.fullLengthRate >= 1) {
    const scenario = report.analysis.scenario;
    out.push({
      code: 'always-full-length',
      subject: scenario,
      message: `every one of ${report.runs} battles of scenario '${name(scenario)}' ran all its rounds; no side can finish early — add an 'endWhen' points target or reduce 'rounds'`,
    });
  }
  return out;
}
