/**
 * Simulation and comparison jobs owned by the panel's store (issue 11, items 1 and 6): they keep
 * running while the panel is hidden, their progress and partial report are coalesced to one store
 * update per animation frame, and they are cancelled in the main process when the page goes away.
 */
import type { Api, SimulationProgress, SimulationRequest } from '../../../shared/api';
import { asSimReport } from '../../../shared/engine/analysis';
import { runSimulationJob } from './sim-job';
import type { SimHandle, SimOutcome } from './sim-job';
import { idleJob } from './testrun-state';
import type { JobLive } from './testrun-state';
import type { TestRunStore } from './testrun-store';

/** The panes that run jobs. */
export type JobPane = 'simulate' | 'compare';

/** Runs a pane's requests one after another; one run per pane at a time. */
export interface JobsController {
  /**
   * Resolves with every outcome (stops at the first that is not `done`). `settle` runs with them
   * before the job is marked as ended, so its results replace the partial ones without a gap.
   */
  run(pane: JobPane, requests: SimulationRequest[], settle?: (outcomes: SimOutcome[]) => void): Promise<SimOutcome[]>;
  cancel(pane: JobPane): void;
  /** Cancels every running job in the main process (the page is going away). */
  cancelAll(): void;
}

/**
 * Least time between two partial reports shown while a batch runs: each one draws the charts in
 * view again (one per idle moment), which the main thread pays for.
 */
export const PARTIAL_SHOWN_MS = 2000;

const nextFrame = (fn: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(fn);
  else setTimeout(fn, 16);
};

/** The jobs of `store`, run through `api`. */
export function createJobs(api: Api, store: TestRunStore): JobsController {
  const handles: Record<JobPane, SimHandle | null> = { simulate: null, compare: null };
  const stopped: Record<JobPane, boolean> = { simulate: false, compare: false };
  const latest: Record<JobPane, SimulationProgress | null> = { simulate: null, compare: null };
  const queued: Record<JobPane, boolean> = { simulate: false, compare: false };
  const partialAt: Record<JobPane, number> = { simulate: -Infinity, compare: -Infinity };
  const setJob = (pane: JobPane, update: (j: JobLive) => JobLive): void =>
    store.setLive((l) => ({ ...l, [pane]: update(l[pane]) }));
  const onProgress = (pane: JobPane) => (p: SimulationProgress) => {
    latest[pane] = p;
    if (queued[pane]) return;
    queued[pane] = true;
    nextFrame(() => {
      queued[pane] = false;
      const q = latest[pane];
      if (q === null) return;
      const now = performance.now();
      const due = q.partial !== undefined && now - partialAt[pane] >= PARTIAL_SHOWN_MS;
      const partial = due ? asSimReport(q.partial) : null;
      if (partial?.ok) partialAt[pane] = now;
      setJob(pane, (j) =>
        j.running ? { ...j, progress: q, partial: partial?.ok ? partial.value : j.partial } : j,
      );
    });
  };
  return {
    run: async (pane, requests, settle) => {
      stopped[pane] = false;
      setJob(pane, () => ({ ...idleJob(), running: true }));
      const out: SimOutcome[] = [];
      try {
        for (let i = 0; i < requests.length; i++) {
          latest[pane] = null;
          partialAt[pane] = -Infinity;
          setJob(pane, (j) => ({ ...j, step: i, progress: null, partial: null }));
          handles[pane] = runSimulationJob(api, requests[i]!, onProgress(pane));
          if (stopped[pane]) handles[pane]!.cancel();
          const o = await handles[pane]!.done;
          out.push(o);
          if (o.kind !== 'done') break;
        }
        settle?.(out);
      } finally {
        handles[pane] = null;
        latest[pane] = null;
        setJob(pane, () => idleJob());
      }
      return out;
    },
    cancel: (pane) => {
      stopped[pane] = true;
      handles[pane]?.cancel();
    },
    cancelAll: () => {
      for (const pane of ['simulate', 'compare'] as const) handles[pane]?.cancel();
    },
  };
}
