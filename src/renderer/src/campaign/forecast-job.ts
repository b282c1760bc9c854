/**
 * One season-forecast job through the Api: start, progress events of that job only, cancel, and
 * exactly one outcome. Events that arrive before `startForecast` resolves are kept and matched.
 */
import type { Api, ForecastRequest, SimulationFinished, SimulationProgress } from '../../../shared/api';
import type { ForecastReport } from '../../../shared/campaign';
import type { Diagnostic } from '../../../shared/diagnostics';

/** How a forecast ended. */
export type ForecastOutcome =
  | { kind: 'done'; report: ForecastReport }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string; diagnostics: Diagnostic[] };

/** A running forecast; `done` always resolves. */
export interface ForecastHandle {
  done: Promise<ForecastOutcome>;
  cancel(): void;
}

/** True for a value shaped like a ForecastReport (the wire is untrusted). */
export function isForecastReport(x: unknown): x is ForecastReport {
  const r = x as ForecastReport | null;
  return !!r && typeof r === 'object' && typeof r.runs === 'number' && Array.isArray(r.crews) && Array.isArray(r.battles) && r.crews.every((c) => Array.isArray(c?.places) && Array.isArray(c?.members));
}

/** Starts a forecast; `onProgress` gets its progress. */
export function runForecastJob(api: Api, request: ForecastRequest, onProgress: (p: SimulationProgress) => void): ForecastHandle {
  let jobId: string | null = null;
  let cancelled = false;
  const early: ({ progress: SimulationProgress } | { done: SimulationFinished })[] = [];
  let finish: (o: ForecastOutcome) => void = () => {};
  const done = new Promise<ForecastOutcome>((resolve) => (finish = resolve));
  const settle = (d: SimulationFinished): void => {
    offProgress();
    offDone();
    if (d.error) finish({ kind: 'error', message: d.error.message, diagnostics: d.error.diagnostics ?? [] });
    else if (d.cancelled) finish({ kind: 'cancelled' });
    else if (isForecastReport(d.report)) finish({ kind: 'done', report: d.report });
    else finish({ kind: 'error', message: 'The forecast ended without a readable report; try again.', diagnostics: [] });
  };
  const offProgress = api.on('main:sim-progress', (p) => {
    if (jobId === null) early.push({ progress: p });
    else if (p.jobId === jobId) onProgress(p);
  });
  const offDone = api.on('main:sim-done', (d) => {
    if (jobId === null) early.push({ done: d });
    else if (d.jobId === jobId) settle(d);
  });
  void api.startForecast(request).then((r) => {
    if (!r.ok) {
      offProgress();
      offDone();
      finish({ kind: 'error', message: r.error.message, diagnostics: [] });
      return;
    }
    jobId = r.value.jobId;
    for (const e of early) {
      if ('progress' in e && e.progress.jobId === jobId) onProgress(e.progress);
      if ('done' in e && e.done.jobId === jobId) settle(e.done);
    }
    if (cancelled) void api.cancelSimulation(jobId);
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      if (jobId !== null) void api.cancelSimulation(jobId);
    },
  };
}
