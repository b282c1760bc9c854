/**
 * The season forecast as a job of the simulation service: the plan is built from the request's
 * documents (refused with the validator's diagnostics when the campaign's files have errors), and
 * its runs are played on the simulation worker pool (or in this thread), merged into one report.
 * Same seed ⇒ same report whatever the number of workers.
 */
import type { ForecastRequest } from '../../shared/api';
import { campaignFiles } from '../../shared/campaign/files';
import { emptyForecast, forecastPlan, forecastReport, mergeForecast, runForecastRange } from '../../shared/campaign/forecast';
import type { ForecastAccumulator, ForecastPlan, ForecastReport } from '../../shared/campaign/forecast';
import type { DocumentTexts } from '../../shared/api';
import { ok } from '../../shared/result';
import type { SetupResult } from './sim-setup';
import { modelOf } from './sim-setup';
import type { RunOptions } from './simulation';
import { defaultWorkers, Pool, PROGRESS_INTERVAL_MS } from './simulation';
import { workerEntry } from './worker-entry';

/** Runs played in this thread between two yields to the event loop. */
const INLINE_SLICE = 16;

/** A finished (or cancelled) forecast; a cancelled one reports the runs completed. */
export interface ForecastRun {
  report: ForecastReport;
  cancelled: boolean;
}

/**
 * The forecast plan of campaign `campaign` in `documents`: refused with `forecast/invalid` and the
 * error diagnostics of the campaign's files, `forecast/unknown-campaign`, or the plan's own errors.
 */
export function prepareForecast(documents: DocumentTexts, campaign: string, policies: [string, string], seed: number): SetupResult<ForecastPlan> {
  const { model, diagnostics } = modelOf(documents);
  const doc = model.campaigns.get(campaign);
  if (!doc) {
    const ids = [...model.campaigns.keys()].sort();
    return { ok: false, error: { code: 'forecast/unknown-campaign', message: `campaign '${campaign}' does not exist; valid campaigns: ${ids.length ? ids.join(', ') : '(none)'}` } };
  }
  const used = new Set(campaignFiles(model, doc));
  const errors = diagnostics.filter((d) => d.severity === 'error' && used.has(d.file));
  if (errors.length > 0) {
    const files = [...new Set(errors.map((d) => d.file))];
    return { ok: false, error: { code: 'forecast/invalid', message: `${errors.length} error(s) in ${files.join(', ')} stop campaign '${campaign}' from being forecast; fix them first`, diagnostics: errors } };
  }
  const plan = forecastPlan(model, doc, policies, seed);
  return plan.ok ? plan : { ok: false, error: { code: plan.error.code, message: plan.error.message } };
}

/** Plays `runs` forecast runs of `plan` on `options.workers` worker threads (0: this thread). */
export async function forecastRuns(plan: ForecastPlan, runs: number, options: RunOptions = {}): Promise<SetupResult<ForecastRun>> {
  const started = performance.now();
  const total = Math.max(0, Math.floor(runs));
  const workers = Math.max(0, Math.floor(options.workers ?? defaultWorkers()));
  let done = 0;
  let last = 0;
  const progress = (n: number): void => {
    done += n;
    const now = performance.now();
    if (options.onProgress === undefined || now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    const rate = done / Math.max(1e-3, (now - started) / 1000);
    options.onProgress({ done, total, runsPerSecond: rate, etaMs: ((total - done) / Math.max(rate, 1e-9)) * 1000 });
  };
  const acc = emptyForecast(plan);
  const finish = (): SetupResult<ForecastRun> =>
    ok({ report: forecastReport(plan, acc, Math.round(performance.now() - started)), cancelled: options.signal?.aborted ?? false });
  if (workers === 0 || total === 0) {
    const shouldStop = (): boolean => options.signal?.aborted ?? false;
    for (let a = 0; a < total && !shouldStop(); a += INLINE_SLICE) {
      const part = emptyForecast(plan);
      const r = runForecastRange(plan, a, Math.min(total, a + INLINE_SLICE), part, { shouldStop });
      if (!r.ok) return { ok: false, error: r.error };
      mergeForecast(acc, part);
      progress(r.value);
      await new Promise((res) => setImmediate(res));
    }
    return finish();
  }
  const pool = new Pool(workers, await workerEntry('sim-worker'));
  const abort = (): void => void pool.close();
  options.signal?.addEventListener('abort', abort);
  try {
    const size = Math.max(8, Math.ceil(total / (workers * 4)));
    const jobs = [];
    for (let a = 0; a < total; a += size) jobs.push({ type: 'forecast' as const, plan, from: a, to: Math.min(total, a + size) });
    const parts = await pool.runAll<ForecastAccumulator>(jobs, progress);
    if (!parts.ok) {
      if (options.signal?.aborted) return finish();
      return parts;
    }
    // Integer counts: the sums do not depend on how the runs were split or in which order they end.
    for (const p of parts.value) mergeForecast(acc, p);
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await pool.close();
  }
  return finish();
}

/** The editor's `startForecast` request: prepares the plan from its documents, then plays it. */
export async function runForecast(request: ForecastRequest, options: RunOptions = {}): Promise<SetupResult<ForecastRun>> {
  const plan = prepareForecast(request.documents, request.campaign, request.policies, request.seed);
  if (!plan.ok) return plan;
  return forecastRuns(plan.value, request.runs, { ...options, workers: request.workers ?? options.workers });
}
