/** Pure analysis helpers over simulation reports and odds, for the test-run panel and tools. */
export { balanceWarnings, DEFAULT_BALANCE_SETTINGS, isMirrorMatch } from './balance';
export type {
  BalanceBattle,
  BalanceCode,
  BalanceContext,
  BalanceSettings,
  BalanceWarning,
  Evidence,
} from './balance';
export { compareReports, differenceInterval } from './compare';
export type { Comparison, RateDiff } from './compare';
export { asSimReport } from './report-guard';
export { oddsByAttackerLoss, oddsRows } from './odds-table';
export type { OddsRow, PlainRoller } from './odds-table';
export { battlePairOdds } from './battle-odds';
