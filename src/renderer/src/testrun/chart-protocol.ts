/** Messages between the panel and its chart worker (issue 11, item 6: chart data off the main thread). */
import type { BalanceSettings, BalanceWarning } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';
import type { ChartModel } from './chart-data';

/** What to compute: the chart model and balance warnings of one report. */
export interface ChartRequest {
  id: number;
  report: SimReport;
  names: Record<string, string>;
  title: string;
  mirror: boolean;
  settings: BalanceSettings;
}

/** The answer to request `id`. */
export interface ChartReply {
  id: number;
  model: ChartModel;
  warnings: BalanceWarning[];
}
