import { randomBytes } from 'node:crypto';
import type { SimulationFinished, SimulationProgress, SimulationRequest } from '../../shared/api';
import type { Diagnostic } from '../../shared/diagnostics';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';

/** Progress as reported by the simulation service (without the job id). */
export type RunnerProgress = Omit<SimulationProgress, 'jobId'>;

/** A failed run: a stable code, a message, and the validator's diagnostics when the setup was refused. */
export interface RunnerError {
  code: string;
  message: string;
  diagnostics?: Diagnostic[];
}

/** What a run resolves to; a cancelled run still carries the report of the batches completed. */
export type RunnerResult = { ok: true; value: { report: unknown; cancelled: boolean } } | { ok: false; error: RunnerError };

/** The shape of `runSimulation` in `./simulation` (the simulation engineer's worker pool). */
export type SimulationRunner = (
  request: SimulationRequest,
  options: { workers?: number; onProgress: (progress: RunnerProgress) => void; signal: AbortSignal },
) => Promise<RunnerResult>;

/** How long a cancelled runner may take to hand back its partial report. */
export const CANCEL_GRACE_MS = 3000;

/** Most simulations running at once. */
export const MAX_CONCURRENT_JOBS = 4;

/**
 * Simulation jobs started from the renderer: each gets an id, streams `main:sim-progress` and ends
 * with exactly one `main:sim-done` (report, cancelled, or error). Cancelling aborts the runner.
 */
export class SimulationJobs {
  private readonly jobs = new Map<string, AbortController>();
  private readonly finishers = new Map<string, (done: SimulationFinished) => void>();

  constructor(
    private readonly run: SimulationRunner,
    private readonly emitProgress: (p: SimulationProgress) => void,
    private readonly emitDone: (d: SimulationFinished) => void,
  ) {}

  /** Starts one simulation; resolves with its id as soon as it is running. */
  start(request: SimulationRequest): Result<{ jobId: string }> {
    return this.startJob((options) => this.run(request, { workers: request.workers, ...options }));
  }

  /**
   * Starts any job that reports like a simulation (the season forecast, issue 10): same progress
   * and done events, same cancellation and concurrency limit.
   */
  startJob(run: (options: { onProgress: (progress: RunnerProgress) => void; signal: AbortSignal }) => Promise<RunnerResult>): Result<{ jobId: string }> {
    if (this.jobs.size >= MAX_CONCURRENT_JOBS) {
      return err('sim/too-many', `${MAX_CONCURRENT_JOBS} simulations are already running. Wait for one to finish or cancel one, then start again.`);
    }
    const jobId = `sim-${randomBytes(8).toString('hex')}`;
    const controller = new AbortController();
    this.jobs.set(jobId, controller);
    const finish = (done: SimulationFinished): void => {
      this.finishers.delete(jobId);
      if (!this.jobs.delete(jobId)) return;
      this.emitDone(done);
    };
    const onProgress = (p: RunnerProgress): void => {
      if (this.jobs.has(jobId)) this.emitProgress({ ...p, jobId });
    };
    let running: Promise<RunnerResult>;
    try {
      running = run({ onProgress, signal: controller.signal });
    } catch (e) {
      running = Promise.reject(e);
    }
    this.finishers.set(jobId, finish);
    void running
      .then(
        (result) => {
          if (result.ok && (result.value.cancelled || controller.signal.aborted)) finish({ jobId, cancelled: true, report: result.value.report });
          else if (result.ok) finish({ jobId, report: result.value.report });
          else if (controller.signal.aborted) finish({ jobId, cancelled: true });
          else finish({ jobId, error: { code: result.error.code, message: result.error.message, ...(result.error.diagnostics ? { diagnostics: result.error.diagnostics } : {}) } });
        },
        (e: unknown) => {
          if (controller.signal.aborted) finish({ jobId, cancelled: true });
          else finish({ jobId, error: { code: 'sim/failed', message: `The simulation stopped unexpectedly: ${e instanceof Error ? e.message : String(e)}. Check the scenario and try again.` } });
        },
      );
    return ok({ jobId });
  }

  /**
   * Cancels a running job; `sim/unknown-job` if it is not running (already finished or never started).
   * The runner's partial report ends the job; a runner that ignores the abort is ended after
   * CANCEL_GRACE_MS with `cancelled: true` and no report.
   */
  cancel(jobId: string): Result<null> {
    const controller = this.jobs.get(jobId);
    if (!controller) return err('sim/unknown-job', `Simulation '${jobId.slice(0, 40)}' is not running (it may have finished already).`);
    controller.abort();
    setTimeout(() => this.finishers.get(jobId)?.({ jobId, cancelled: true }), CANCEL_GRACE_MS).unref();
    return ok(null);
  }

  /** Cancels every job (on window close or shutdown). */
  cancelAll(): void {
    for (const c of this.jobs.values()) c.abort();
  }
}
