/** Pure analysis helpers over simulation reports and odds, for the test-run panel and tools. */
export { balanceWarnings, isMirrorMatch, MIRROR_WIN_LIMIT } from './balance';
export type { BalanceCode, BalanceContext, BalanceWarning } from './balance';
export { compareReports, differenceInterval } from './compare';
export type { Comparison, RateDiff } from './compare';
export { asSimReport } from './report-guard';
export { oddsByAttackerLoss, oddsRows } from './odds-table';
export type { OddsRow, PlainRoller } from './odds-table';
export { battlePairOdds } from './battle-odds';
