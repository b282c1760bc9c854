/**
 * One simulation job through the Api (issue 5, "Simulate"): start, progress, cancel, and exactly
 * one outcome. Events that arrive before `startSimulation` resolves are kept and matched by id.
 */
import type { Api, SimulationFinished, SimulationProgress, SimulationRequest } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import { asSimReport } from '../../../shared/engine/analysis';
import type { SimReport } from '../../../shared/engine/sim/report';

/** How a job ended. A cancelled job keeps the report of the runs it completed, when any. */
export type SimOutcome =
  | { kind: 'done'; report: SimReport }
  | { kind: 'cancelled'; report: SimReport | null }
  | { kind: 'error'; code: string; message: string; diagnostics: Diagnostic[] };

/** A running job. `done` always resolves (never rejects); `cancel` is safe to call at any time. */
export interface SimHandle {
  done: Promise<SimOutcome>;
  cancel(): void;
}

/** Starts `request`; `onProgress` gets this job's progress events only. */
export function runSimulationJob(
  api: Api,
  request: SimulationRequest,
  onProgress: (p: SimulationProgress) => void,
): SimHandle {
  let jobId: string | null = null;
  let cancelled = false;
  const early: (SimulationProgress | SimulationFinished)[] = [];
  let finish: (o: SimOutcome) => void = () => {};
  const done = new Promise<SimOutcome>((resolve) => (finish = resolve));
  const settle = (d: SimulationFinished): void => {
    offProgress();
    offDone();
    if (d.error) {
      finish({
        kind: 'error',
        code: d.error.code,
        message: d.error.message,
        diagnostics: d.error.diagnostics ?? [],
      });
      return;
    }
    const report = d.report === undefined ? null : asSimReport(d.report);
    if (report !== null && !report.ok)
      finish({ kind: 'error', code: report.error.code, message: report.error.message, diagnostics: [] });
    else if (d.cancelled) finish({ kind: 'cancelled', report: report?.value ?? null });
    else if (report === null)
      finish({
        kind: 'error',
        code: 'sim/bad-report',
        message: 'The simulation finished without a report; run it again.',
        diagnostics: [],
      });
    else finish({ kind: 'done', report: report.value });
  };
  const offProgress = api.on('main:sim-progress', (p) => {
    if (jobId === null) early.push(p);
    else if (p.jobId === jobId) onProgress(p);
  });
  const offDone = api.on('main:sim-done', (d) => {
    if (jobId === null) early.push(d);
    else if (d.jobId === jobId) settle(d);
  });
  void api.startSimulation(request).then(
    (r) => {
      if (!r.ok) {
        offProgress();
        offDone();
        finish({ kind: 'error', code: r.error.code, message: r.error.message, diagnostics: [] });
        return;
      }
      jobId = r.value.jobId;
      if (cancelled) void api.cancelSimulation(jobId);
      for (const e of early.splice(0)) {
        if (e.jobId !== jobId) continue;
        if ('done' in e) onProgress(e);
        else settle(e);
      }
    },
    (e: unknown) => {
      offProgress();
      offDone();
      finish({
        kind: 'error',
        code: 'api/unreachable',
        message: `The simulation could not start (${String(e)}); reload the window.`,
        diagnostics: [],
      });
    },
  );
  return {
    done,
    cancel: () => {
      cancelled = true;
      if (jobId !== null) void api.cancelSimulation(jobId);
    },
  };
}

/** "1.2 s", "3 min 5 s" for an ETA in ms; "—" when unknown. */
export function formatEta(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
