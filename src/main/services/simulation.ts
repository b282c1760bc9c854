/**
 * Simulations off the UI thread: a pool of worker threads playing chunks of runs, merged into
 * the DESIGN.md report. Results depend only on the request, never on the number of workers.
 */
import { availableParallelism } from 'node:os';
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
import type { RunChunk, WorkerJob, WorkerReply } from './sim-protocol';
import { workerEntry } from './worker-entry';
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
/** Least time between two partial reports carried by progress callbacks, in ms. */
export const PARTIAL_INTERVAL_MS = 500;
/**
 * Most runs in one worker chunk, so partial results arrive often and a cancel keeps most of the
 * finished work (results do not depend on it).
 */
export const MAX_CHUNK_RUNS = 2000;

/** Progress of a running simulation. */
export interface ProgressInfo {
  done: number;
  total: number | null;
  runsPerSecond: number;
  etaMs: number | null;
  /**
   * The report of every run completed so far (chunks finished), at most every PARTIAL_INTERVAL_MS
   * and only when it changed: small (its size depends on the setup, not on the runs), so a panel
   * can draw its charts while the batch runs.
   */
  partial?: SimReport;
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
  /** Index of the first run (default 0): a shard plays runs `firstRun`..`firstRun + runs − 1` of the whole run. */
  firstRun?: number;
}

/** A finished (or cancelled) simulation; a cancelled one reports the batches completed. */
export interface SimRunResult {
  report: SimReport;
  cancelled: boolean;
  /** The mergeable statistics behind `report` (for shard files). */
  stats: { layout: SimLayout; acc: SimAccumulator };
}

/** Default worker count: the number of cores. */
export const defaultWorkers = (): number => Math.max(1, availableParallelism());

type ChunkRunner = (
  from: number,
  to: number,
  onDone: (n: number) => void,
  onPart: (part: SimAccumulator) => void,
) => Promise<SetupResult<SimAccumulator>>;

/** A job for the pool: a worker message without its chunk number. */
type PoolJob = WorkerJob extends infer J ? (J extends WorkerJob ? Omit<J, 'chunk'> : never) : never;

/** Simulation job ids, unique in this process: a worker keeps one job's setup and bots between its chunks. */
let nextJob = 0;

/** Runs chunks on a pool of worker threads; chunks are handed out as workers free up. */
export class Pool {
  private readonly workers: Worker[] = [];
  /** The simulation job each worker holds the setup of (sent with its first chunk of the job). */
  private readonly jobOf = new Map<Worker, number>();
  private nextChunk = 0;
  constructor(size: number, entry: string) {
    for (let i = 0; i < size; i++) {
      const w = new Worker(entry);
      // An error between two chunks (no run listening) must not become an uncaught 'error' event.
      w.on('error', (e) => void process.stderr.write(`mortisphere: a simulation worker failed: ${e.message}\n`));
      this.workers.push(w);
    }
  }
  get size(): number {
    return this.workers.length;
  }
  async runAll<A extends { runs: number } = SimAccumulator>(
    jobs: PoolJob[],
    onDone: (n: number) => void,
    onPart?: (part: A) => void,
  ): Promise<SetupResult<A[]>> {
    const results: A[] = [];
    let failure: SetupResult<A[]> | null = null;
    let cancelled = false;
    let index = 0;
    const progressOf = new Map<number, number>();
    const runOn = (w: Worker): Promise<void> =>
      new Promise((resolve) => {
        const take = (): void => {
          if (index >= jobs.length || failure !== null) {
            w.off('message', onMessage);
            w.off('error', onError);
            w.off('exit', onExit);
            resolve();
            return;
          }
          const chunk = this.nextChunk++;
          progressOf.set(chunk, 0);
          const msg = { ...jobs[index++]!, chunk } as WorkerJob;
          if (msg.type === 'run') {
            // The worker keeps the job's setup and bots: send the setup with its first chunk only.
            if (this.jobOf.get(w) === msg.job) delete msg.setup;
            else this.jobOf.set(w, msg.job);
          }
          w.postMessage(msg);
        };
        const onMessage = (reply: WorkerReply): void => {
          const before = progressOf.get(reply.chunk) ?? 0;
          if (reply.type === 'progress') {
            progressOf.set(reply.chunk, reply.done);
            onDone(reply.done - before);
          } else if (reply.type === 'done') {
            onPart?.(reply.acc as unknown as A);
            onDone(reply.acc.runs - before);
            results.push(reply.acc as unknown as A);
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
          if (failure === null) cancelled = true;
          failure ??= { ok: false, error: { code: 'sim/cancelled', message: 'the simulation was cancelled' } };
          resolve();
        };
        w.on('message', onMessage);
        w.on('error', onError);
        w.once('exit', onExit);
        take();
      });
    await Promise.all(this.workers.map(runOn));
    // Cancelled: the chunks that finished still count (a partial result); the rest are dropped.
    if (cancelled) return ok(results);
    return failure ?? ok(results);
  }
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** Fewest runs per chunk handed to a worker (a chunk costs one message; a worker keeps its job between chunks). */
export const MIN_CHUNK_RUNS = 250;

/**
 * Splits runs `from`..`to`−1 into chunks for `parts` workers: about 8 per worker, so a worker that
 * finishes early takes another and all end together, within {@link MIN_CHUNK_RUNS} ..
 * {@link MAX_CHUNK_RUNS}.
 */
export const splitRanges = (from: number, to: number, parts: number): [number, number][] => {
  const size = Math.min(MAX_CHUNK_RUNS, Math.max(MIN_CHUNK_RUNS, Math.ceil((to - from) / (Math.max(1, parts) * 8))));
  const out: [number, number][] = [];
  for (let a = from; a < to; a += size) out.push([a, Math.min(to, a + size)]);
  return out;
};

/** The chunks of runs `from`..`to`−1 of simulation job `job`. */
const splitJobs = (job: number, setup: BattleSetup, plan: SimPlan, from: number, to: number, parts: number): Omit<RunChunk, 'chunk'>[] =>
  splitRanges(from, to, parts).map(([a, b]) => ({ type: 'run', job, setup, policies: plan.policies, seed: plan.seed >>> 0, from: a, to: b }));

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
  const pool = workers > 0 ? new Pool(workers, await workerEntry('sim-worker')) : null;
  let done = 0;
  let lastProgress = 0;
  let lastPartial = 0;
  // Every run of every finished chunk so far, for the partial reports.
  const live = emptyAccumulator(layout);
  let liveChanged = false;
  const onPart = (part: SimAccumulator): void => {
    mergeInto(live, part);
    liveChanged = true;
  };
  const progress = (n: number): void => {
    done += n;
    const now = performance.now();
    if (options.onProgress === undefined || now - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = now;
    const rate = done / Math.max(1e-3, (now - started) / 1000);
    const info: ProgressInfo = { done, total, runsPerSecond: rate, etaMs: total === null ? null : ((total - done) / Math.max(rate, 1e-9)) * 1000 };
    if (liveChanged && now - lastPartial >= PARTIAL_INTERVAL_MS) {
      lastPartial = now;
      liveChanged = false;
      info.partial = buildReport(layout, live, plan.seed >>> 0, Math.round(now - started));
    }
    options.onProgress(info);
  };
  const inline: ChunkRunner = async (from, to, onDone, onSlice) => {
    const acc = emptyAccumulator(layout);
    const shouldStop = (): boolean => options.signal?.aborted ?? false;
    for (let a = from; a < to && !shouldStop(); a += INLINE_SLICE) {
      const slice = emptyAccumulator(layout);
      const r = runRange(setup, layout, policies.value, plan.seed >>> 0, a, Math.min(to, a + INLINE_SLICE), slice, { shouldStop });
      if (!r.ok) return { ok: false, error: r.error };
      mergeInto(acc, slice);
      onSlice(slice);
      onDone(r.value);
      // Yield so progress, cancellation and (in Electron) IPC get a turn.
      await new Promise((res) => setImmediate(res));
    }
    return ok(acc);
  };
  const job = nextJob++;
  const viaPool: ChunkRunner = async (from, to, onDone, onChunk) => {
    const parts = await pool!.runAll(splitJobs(job, setup, plan, from, to, pool!.size), onDone, onChunk);
    if (!parts.ok) return parts;
    return ok(parts.value.reduce((acc, p) => mergeInto(acc, p), emptyAccumulator(layout)));
  };
  const runChunk = pool !== null ? viaPool : inline;
  const abort = (): void => void pool?.close();
  options.signal?.addEventListener('abort', abort);
  const acc = emptyAccumulator(layout);
  try {
    const first = Math.max(0, Math.floor(plan.firstRun ?? 0));
    let next = first;
    while (next < first + cap && !options.signal?.aborted) {
      const end = total !== null ? first + cap : Math.min(first + cap, next + BATCH_RUNS);
      const part = await runChunk(next, end, progress, onPart);
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
  return ok({ report: buildReport(layout, acc, plan.seed >>> 0, Math.round(performance.now() - started)), cancelled, stats: { layout, acc } });
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
