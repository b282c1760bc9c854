import type { BattleSetup } from '../../shared/engine';
import type { ForecastAccumulator, ForecastPlan } from '../../shared/campaign/forecast';
import type { SimAccumulator } from '../../shared/engine/sim/stats';

/**
 * Main → worker: play runs `from`..`to`−1 of simulation job `job` and answer with their
 * statistics. A worker keeps the job's setup and bots between chunks (caches stay warm), so the
 * setup travels only with the worker's first chunk of a job.
 */
export interface RunChunk {
  type: 'run';
  chunk: number;
  /** Unique per simulation in this process. */
  job: number;
  /** The battle setup; present on a worker's first chunk of `job`, absent on the rest. */
  setup?: BattleSetup;
  policies: [string, string];
  seed: number;
  from: number;
  to: number;
}

/** Main → worker: play season-forecast runs `from`..`to`−1 of `plan` (issue 10). */
export interface ForecastChunk {
  type: 'forecast';
  chunk: number;
  plan: ForecastPlan;
  from: number;
  to: number;
}

/** Any job a worker takes. */
export type WorkerJob = RunChunk | ForecastChunk;

/** Worker → main messages. */
export type WorkerReply =
  | { type: 'progress'; chunk: number; done: number }
  | { type: 'done'; chunk: number; acc: SimAccumulator | ForecastAccumulator }
  | { type: 'error'; chunk: number; code: string; message: string };
