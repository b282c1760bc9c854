import type { BattleSetup } from '../../shared/engine';
import { simulateSetup } from '../../main/services/simulation';
import type { SimPlan, SimRunResult } from '../../main/services/simulation';
import type { SetupResult } from '../../main/services/sim-setup';
import { createProgress } from '../progress';
import type { Progress, ProgressStream } from '../progress';
import type { CliIo } from './cli-common';

/** A long command's run context: one progress line and one Ctrl+C handler for all its simulations. */
export interface LongRun {
  progress: Progress;
  signal: AbortSignal;
  /** True once Ctrl+C was pressed. */
  readonly interrupted: boolean;
  /** Removes the Ctrl+C handler and erases the progress line. */
  end(): void;
}

/**
 * Starts a long command: a progress line on `stream` (none: no-op) labelled `label`, counting
 * `unit`, and a Ctrl+C handler that aborts `signal` (the command then prints its partial result).
 */
export function startLongRun(io: CliIo, label: string, unit: string, stream: ProgressStream | undefined): LongRun {
  const controller = new AbortController();
  const progress = createProgress(stream, { label, unit });
  const remove = io.onInterrupt?.(() => {
    progress.clear();
    controller.abort();
  });
  return {
    progress,
    signal: controller.signal,
    get interrupted() {
      return controller.signal.aborted;
    },
    end() {
      remove?.();
      progress.clear();
    },
  };
}

/**
 * One simulation inside a long run. `offset`/`total` place its runs in the whole command's count
 * (a sweep draws one line for the grid). Workers: 1 runs in this thread, more use threads.
 */
export function simulateInRun(
  run: LongRun,
  setup: BattleSetup,
  plan: SimPlan,
  workers: number,
  count: { offset: number; total: number | null } = { offset: 0, total: plan.untilHalfWidth === undefined ? (plan.runs ?? null) : null },
): Promise<SetupResult<SimRunResult>> {
  return simulateSetup(setup, plan, {
    workers: workers === 1 ? 0 : workers,
    signal: run.signal,
    onProgress: (p) => run.progress.update(count.offset + p.done, count.total),
  });
}
