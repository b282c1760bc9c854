/** The work of the chart worker, also run inline where workers are unavailable. Pure. */
import { balanceWarnings } from '../../../shared/engine/analysis';
import { chartModel } from './chart-data';
import type { ChartReply, ChartRequest } from './chart-protocol';

/** The chart model and balance warnings of a request. */
export const chartWork = (req: ChartRequest): ChartReply => ({
  id: req.id,
  model: chartModel(req.report, req.names, req.title),
  warnings: balanceWarnings(req.report, { mirror: req.mirror, names: req.names, settings: req.settings }),
});
