/**
 * Simulation worker thread: plays chunks of runs with the shared single-thread runner and
 * returns mergeable statistics. It keeps one job's setup, layout and bots from chunk to chunk
 * (the engine's compiled tables and the greedy bot's odds caches stay warm). Built as its own
 * main-process entry (electron.vite.config.ts) and CLI entry (scripts/cli-bundle.mjs); under tsx
 * it is loaded through `sim-worker-tsx.mjs`.
 */
import { parentPort } from 'node:worker_threads';
import type { BattleSetup } from '../../shared/engine';
import { getPolicies } from '../../shared/engine/bots';
import type { Policy } from '../../shared/engine/bots';
import { layoutOf, runRange } from '../../shared/engine/sim/runner';
import { emptyAccumulator } from '../../shared/engine/sim/stats';
import type { SimLayout } from '../../shared/engine/sim/stats';
import type { Result } from '../../shared/result';
import { ok } from '../../shared/result';
import { emptyForecast, runForecastRange } from '../../shared/campaign/forecast';
import type { ForecastChunk, RunChunk, WorkerJob, WorkerReply } from './sim-protocol';

/** Least time between two progress messages of one worker, in ms. */
const PROGRESS_MS = 100;

/** What a worker keeps for the whole job. */
export interface JobContext {
  job: number;
  setup: BattleSetup;
  layout: SimLayout;
  policies: readonly [Policy, Policy];
}

/** Builds a job's context from its first chunk: the layout and fresh bots (Result: an unknown bot fails). */
export const buildJob = (job: number, setup: BattleSetup, names: [string, string]): Result<JobContext> => {
  const policies = getPolicies(names);
  if (!policies.ok) return policies;
  return ok({ job, setup, layout: layoutOf(setup), policies: policies.value });
};

/** A chunk handler that remembers the current job (one per worker thread). */
export type ChunkHandler = (msg: RunChunk, post: (reply: WorkerReply) => void) => void;

/**
 * Creates a worker's chunk handler: the first chunk of a job (it carries the setup) builds the job
 * context, later chunks of the same job reuse it. Never throws on bad input.
 */
export function createChunkHandler(build: typeof buildJob = buildJob): ChunkHandler {
  let current: JobContext | null = null;
  return (msg, post) => {
    if (msg.setup !== undefined) {
      const built = build(msg.job, msg.setup, msg.policies);
      if (!built.ok) {
        current = null;
        post({ type: 'error', chunk: msg.chunk, code: built.error.code, message: built.error.message });
        return;
      }
      current = built.value;
    }
    if (current === null || current.job !== msg.job) {
      post({ type: 'error', chunk: msg.chunk, code: 'sim/crash', message: `simulation worker got chunk ${msg.chunk} of job ${msg.job} without its setup` });
      return;
    }
    const { setup, layout, policies } = current;
    const acc = emptyAccumulator(layout);
    const done = runRange(setup, layout, policies, msg.seed, msg.from, msg.to, acc, { onProgress: progressPoster(msg.chunk, post) });
    if (!done.ok) post({ type: 'error', chunk: msg.chunk, code: done.error.code, message: done.error.message });
    else post({ type: 'done', chunk: msg.chunk, acc });
  };
}

/** A chunk's progress callback: posts the runs done at most every PROGRESS_MS. */
function progressPoster(chunk: number, post: (reply: WorkerReply) => void): (done: number) => void {
  let last = Date.now();
  return (done) => {
    const now = Date.now();
    if (now - last >= PROGRESS_MS) {
      last = now;
      post({ type: 'progress', chunk, done });
    }
  };
}

/** Plays one chunk of season-forecast runs (issue 10) and reports through `post`. */
export function handleForecastChunk(msg: ForecastChunk, post: (reply: WorkerReply) => void): void {
  const acc = emptyForecast(msg.plan);
  const done = runForecastRange(msg.plan, msg.from, msg.to, acc, { onProgress: progressPoster(msg.chunk, post) });
  if (!done.ok) post({ type: 'error', chunk: msg.chunk, code: done.error.code, message: done.error.message });
  else post({ type: 'done', chunk: msg.chunk, acc });
}

const port = parentPort;
if (port !== null) {
  const handle = createChunkHandler();
  port.on('message', (msg: WorkerJob) => {
    try {
      if (msg.type === 'forecast') handleForecastChunk(msg, (reply) => port.postMessage(reply));
      else handle(msg, (reply) => port.postMessage(reply));
    } catch (e) {
      port.postMessage({ type: 'error', chunk: msg.chunk, code: 'sim/crash', message: `simulation worker failed: ${(e as Error).message}` } satisfies WorkerReply);
    }
  });
}
