/**
 * Simulation worker thread: plays chunks of runs with the shared single-thread runner and
 * returns mergeable statistics. Built as its own main-process entry (electron.vite.config.ts);
 * under tsx it is loaded through `sim-worker-tsx.mjs`.
 */
import { parentPort } from 'node:worker_threads';
import { getPolicies } from '../../shared/engine/bots';
import { layoutOf, runRange } from '../../shared/engine/sim/runner';
import { emptyAccumulator } from '../../shared/engine/sim/stats';
import { emptyForecast, runForecastRange } from '../../shared/campaign/forecast';
import type { ForecastChunk, RunChunk, WorkerJob, WorkerReply } from './sim-protocol';

/** Least time between two progress messages of one worker, in ms. */
const PROGRESS_MS = 100;

/** Plays one chunk and reports through `post`; never throws on bad input. */
export function handleChunk(msg: RunChunk, post: (reply: WorkerReply) => void): void {
  const policies = getPolicies(msg.policies);
  if (!policies.ok) {
    post({ type: 'error', chunk: msg.chunk, code: policies.error.code, message: policies.error.message });
    return;
  }
  const layout = layoutOf(msg.setup);
  const acc = emptyAccumulator(layout);
  let last = Date.now();
  const done = runRange(msg.setup, layout, policies.value, msg.seed, msg.from, msg.to, acc, {
    onProgress: (n) => {
      const now = Date.now();
      if (now - last >= PROGRESS_MS) {
        last = now;
        post({ type: 'progress', chunk: msg.chunk, done: n });
      }
    },
  });
  if (!done.ok) post({ type: 'error', chunk: msg.chunk, code: done.error.code, message: done.error.message });
  else post({ type: 'done', chunk: msg.chunk, acc });
}

/** Plays one chunk of season-forecast runs (issue 10) and reports through `post`. */
export function handleForecastChunk(msg: ForecastChunk, post: (reply: WorkerReply) => void): void {
  const acc = emptyForecast(msg.plan);
  let last = Date.now();
  const done = runForecastRange(msg.plan, msg.from, msg.to, acc, {
    onProgress: (n) => {
      const now = Date.now();
      if (now - last >= PROGRESS_MS) {
        last = now;
        post({ type: 'progress', chunk: msg.chunk, done: n });
      }
    },
  });
  if (!done.ok) post({ type: 'error', chunk: msg.chunk, code: done.error.code, message: done.error.message });
  else post({ type: 'done', chunk: msg.chunk, acc });
}

const port = parentPort;
if (port !== null) {
  port.on('message', (msg: WorkerJob) => {
    try {
      if (msg.type === 'forecast') handleForecastChunk(msg, (reply) => port.postMessage(reply));
      else handleChunk(msg, (reply) => port.postMessage(reply));
    } catch (e) {
      port.postMessage({ type: 'error', chunk: msg.chunk, code: 'sim/crash', message: `simulation worker failed: ${(e as Error).message}` } satisfies WorkerReply);
    }
  });
}
