/**
 * Simulations off the UI thread: a pool of worker threads playing chunks of runs, merged into
 * the DESIGN.md report. Results depend only on the request, never on the number of workers.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SimulationRequest } from '../../shared/api';
import type { BattleSetup } from '../../shared/engine';
import { getPolicies } from '../../shared/engine/bots';
import { buildReport, maxHalfWidth } from '../../shared/engine/sim/report';
import type { SimReport } from '../../shared/engine/sim/report';
import { layoutOf, runRange } from '../../shared/engine/sim/runner';
import { emptyAccumulator, mergeInto } from '../../shared/engine/sim/stats';
import type { SimAccumulator, SimLayout } from '../../shared/engine/sim/stats';
import { ok } from '../../shared/result';
import type { RunChunk, WorkerReply } from './sim-protocol';
import { bundledWorker } from './sim-worker-bundle';
import { prepareSetup } from './sim-setup';
import type { SetupResult } from './sim-setup';

/** Runs checked between two `untilHalfWidth` stopping tests; fixed, so the stop point is deterministic. */
export const BATCH_RUNS = 1000;
/** Runs played in this thread between two yields to the event loop. */
const INLINE_SLICE = 200;
/** Default hard cap of an `untilHalfWidth` simulation. */
export const DEFAULT_MAX_RUNS = 1_000_000;
/** Least time between two progress callbacks, in ms (at most 10 per second). */
export const PROGRESS_INTERVAL_MS = 100;

/** Progress of a running simulation. */
export interface ProgressInfo {
  done: number;
  total: number | null;
  runsPerSecond: number;
  etaMs: number | null;
}

/** How to run: worker count (0 = in this thread), progress callback, cancellation. */
export interface RunOptions {
  workers?: number;
  onProgress?: (p: ProgressInfo) => void;
  signal?: AbortSignal;
}

/** What to simulate once the setup is built. */
export interface SimPlan {
  policies: [string, string];
  seed: number;
  runs?: number;
  untilHalfWidth?: number;
  maxRuns?: number;
}

/** A finished (or cancelled) simulation; a cancelled one reports the batches completed. */
export interface SimRunResult {
  report: SimReport;
  cancelled: boolean;
}

/** Default worker count: the number of cores. */
export const defaultWorkers = (): number => Math.max(1, availableParallelism());

const here = dirname(fileURLToPath(import.meta.url));
/**
 * The worker entry: from source, the esbuild bundle cached under `node_modules/.cache/mortisphere/`
 * (falling back to the tsx bootstrap); in the built app, the `sim-worker` entry beside the bundle.
 */
const workerEntry = async (): Promise<string> => {
  if (import.meta.url.endsWith('.ts')) {
    if (process.env.MORTISPHERE_WORKER_TSX === '1') return join(here, 'sim-worker-tsx.mjs');
    return (await bundledWorker(join(here, '..', '..', '..'), join(here, 'sim-worker.ts'))) ?? join(here, 'sim-worker-tsx.mjs');
  }
  const built = ['sim-worker.js', 'sim-worker.mjs', 'sim-worker.cjs'].map((f) => join(here, f)).find((f) => existsSync(f));
  return built ?? join(here, 'sim-worker.js');
};

type ChunkRunner = (from: number, to: number, onDone: (n: number) => void) => Promise<SetupResult<SimAccumulator>>;

/** What every chunk of one simulation shares: the job id, setup, bots and seed. */
type JobSpec = Pick<RunChunk, 'job' | 'policies' | 'seed'> & { setup: BattleSetup };

/** Job ids, unique in this process: a worker keeps one job's setup and bots between its chunks. */
let nextJob = 0;

/** Runs chunks on a pool of worker threads; chunks are handed out as workers free up. */
class Pool {
  private readonly workers: Worker[] = [];
  /** The job each worker has the setup of (it was sent with an earlier chunk). */
  private readonly jobOf = new Map<Worker, number>();
  private nextChunk = 0;
  constructor(size: number, entry: string) {
    for (let i = 0; i < size; i++) this.workers.push(new Worker(entry));
  }
  get size(): number {
    return this.workers.length;
  }
  async runAll(spec: JobSpec, ranges: [number, number][], onDone: (n: number) => void): Promise<SetupResult<SimAccumulator[]>> {
    const results: SimAccumulator[] = [];
    let failure: SetupResult<SimAccumulator[]> | null = null;
    let index = 0;
    const progressOf = new Map<number, number>();
    const runOn = (w: Worker): Promise<void> =>
      new Promise((resolve) => {
        const take = (): void => {
          if (index >= ranges.length || failure !== null) {
            w.off('message', onMessage);
            w.off('error', onError);
            w.off('exit', onExit);
            resolve();
            return;
          }
          const chunk = this.nextChunk++;
          progressOf.set(chunk, 0);
          const [from, to] = ranges[index++]!;
          const first = this.jobOf.get(w) !== spec.job;
          this.jobOf.set(w, spec.job);
          const msg: RunChunk = { type: 'run', chunk, job: spec.job, policies: spec.policies, seed: spec.seed, from, to };
          if (first) msg.setup = spec.setup;
          w.postMessage(msg);
        };
        const onMessage = (reply: WorkerReply): void => {
          const before = progressOf.get(reply.chunk) ?? 0;
          if (reply.type === 'progress') {
            progressOf.set(reply.chunk, reply.done);
            onDone(reply.done - before);
          } else if (reply.type === 'done') {
            onDone(reply.acc.runs - before);
            results.push(reply.acc);
            take();
          } else {
            failure = { ok: false, error: { code: reply.code, message: reply.message } };
            this.jobOf.delete(w);
            take();
          }
        };
        const onError = (e: Error): void => {
          failure = { ok: false, error: { code: 'sim/crash', message: `simulation worker failed: ${e.message}` } };
          resolve();
        };
        const onExit = (): void => {
          failure ??= { ok: false, error: { code: 'sim/cancelled', message: 'the simulation was cancelled' } };
          resolve();
        };
        w.on('message', onMessage);
        w.on('error', onError);
        w.once('exit', onExit);
        take();
      });
    await Promise.all(this.workers.map(runOn));
    return failure ?? ok(results);
  }
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Fewest and most runs per chunk handed to a worker. */
export const MIN_CHUNK_RUNS = 250;
export const MAX_CHUNK_RUNS = 25_000;

/**
 * Splits runs `from`..`to`−1 into chunks for `parts` workers: about 8 per worker, so a worker
 * that finishes early takes another and all end together, within {@link MIN_CHUNK_RUNS} ..
 * {@link MAX_CHUNK_RUNS} (a chunk costs one message; a worker keeps its job between chunks).
 */
export const splitRanges = (from: number, to: number, parts: number): [number, number][] => {
  const size = Math.min(MAX_CHUNK_RUNS, Math.max(MIN_CHUNK_RUNS, Math.ceil((to - from) / (Math.max(1, parts) * 8))));
  const out: [number, number][] = [];
  for (let a = from; a < to; a += size) out.push([a, Math.min(to, a + size)]);
  return out;
};

/**
 * Simulates a built setup. Fixed `runs`, or batches of {@link BATCH_RUNS} until every side's 95%
 * interval half-width is below `untilHalfWidth` (or `maxRuns`). Identical report (but `elapsedMs`)
 * for any worker count. Errors: `sim/unknown-bot`, `sim/illegal-action`, `sim/crash`.
 */
export async function simulateSetup(setup: BattleSetup, plan: SimPlan, options: RunOptions = {}): Promise<SetupResult<SimRunResult>> {
  const policies = getPolicies(plan.policies);
  if (!policies.ok) return { ok: false, error: policies.error };
  const started = performance.now();
  const layout: SimLayout = layoutOf(setup);
  const total = plan.untilHalfWidth !== undefined ? null : Math.max(0, Math.floor(plan.runs ?? 1000));
  const cap = total ?? Math.max(1, Math.floor(plan.maxRuns ?? DEFAULT_MAX_RUNS));
  const workers = Math.max(0, Math.floor(options.workers ?? defaultWorkers()));
  const pool = workers > 0 ? new Pool(workers, await workerEntry()) : null;
  let done = 0;
  let lastProgress = 0;
  const progress = (n: number): void => {
    done += n;
    const now = performance.now();
    if (options.onProgress === undefined || now - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = now;
    const rate = done / Math.max(1e-3, (now - started) / 1000);
    options.onProgress({ done, total, runsPerSecond: rate, etaMs: total === null ? null : ((total - done) / Math.max(rate, 1e-9)) * 1000 });
  };
  const inline: ChunkRunner = async (from, to, onDone) => {
    const acc = emptyAccumulator(layout);
    const shouldStop = (): boolean => options.signal?.aborted ?? false;
    for (let a = from; a < to && !shouldStop(); a += INLINE_SLICE) {
      const r = runRange(setup, layout, policies.value, plan.seed >>> 0, a, Math.min(to, a + INLINE_SLICE), acc, { shouldStop });
      if (!r.ok) return { ok: false, error: r.error };
      onDone(r.value);
      // Yield so progress, cancellation and (in Electron) IPC get a turn.
      await new Promise((res) => setImmediate(res));
    }
    return ok(acc);
  };
  const job: JobSpec = { job: nextJob++, setup, policies: plan.policies, seed: plan.seed >>> 0 };
  const viaPool: ChunkRunner = async (from, to, onDone) => {
    const parts = await pool!.runAll(job, splitRanges(from, to, pool!.size), onDone);
    if (!parts.ok) return parts;
    return ok(parts.value.reduce((acc, p) => mergeInto(acc, p), emptyAccumulator(layout)));
  };
  const runChunk = pool !== null ? viaPool : inline;
  const abort = (): void => void pool?.close();
  options.signal?.addEventListener('abort', abort);
  const acc = emptyAccumulator(layout);
  try {
    let next = 0;
    while (next < cap && !options.signal?.aborted) {
      const end = total !== null ? cap : Math.min(cap, next + BATCH_RUNS);
      const part = await runChunk(next, end, progress);
      if (options.signal?.aborted) {
        if (part.ok) mergeInto(acc, part.value);
        break;
      }
      if (!part.ok) return part;
      mergeInto(acc, part.value);
      next = end;
      if (plan.untilHalfWidth !== undefined && maxHalfWidth(acc) < plan.untilHalfWidth) break;
    }
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await pool?.close();
  }
  const cancelled = options.signal?.aborted ?? false;
  return ok({ report: buildReport(layout, acc, plan.seed >>> 0, Math.round(performance.now() - started)), cancelled });
}

/**
 * The editor's `startSimulation` request (src/shared/api.ts): builds the setup from the
 * request's documents with the validator (refusing with its diagnostics), then simulates.
 */
export async function runSimulation(request: SimulationRequest, options: RunOptions = {}): Promise<SetupResult<SimRunResult>> {
  const prepared = prepareSetup(request.documents, { scenario: request.scenario, crews: request.crews, ruleset: request.ruleset });
  if (!prepared.ok) return prepared;
  const plan: SimPlan = {
    policies: request.policies,
    seed: request.seed,
    runs: request.runs,
    untilHalfWidth: request.untilHalfWidth,
    maxRuns: request.maxRuns,
  };
  return simulateSetup(prepared.value.setup, plan, { ...options, workers: request.workers ?? options.workers });
}
