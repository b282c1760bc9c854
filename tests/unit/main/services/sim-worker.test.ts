import { describe, expect, it } from 'vitest';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { layoutOf, runRange } from '../../../../src/shared/engine/sim/runner';
import { emptyAccumulator, mergeInto } from '../../../../src/shared/engine/sim/stats';
import type { SimAccumulator } from '../../../../src/shared/engine/sim/stats';
import { buildJob, createChunkHandler } from '../../../../src/main/services/sim-worker';
import type { RunChunk, WorkerReply } from '../../../../src/main/services/sim-protocol';
import { MAX_CHUNK_RUNS, MIN_CHUNK_RUNS, splitRanges } from '../../../../src/main/services/simulation';
import { exampleSetup } from '../../shared/engine/bots/example-setups';

const setup = exampleSetup('marrow-market');

describe('simulation worker (issue 13 item 2: state kept for the whole job)', () => {
  it('builds the setup and bots once per job and reuses them for every later chunk', () => {
    const builds: number[] = [];
    const handle = createChunkHandler((job, s, names) => {
      builds.push(job);
      return buildJob(job, s, names);
    });
    const replies: WorkerReply[] = [];
    const chunk = (c: number, job: number, from: number, to: number, withSetup: boolean): void => {
      const msg: RunChunk = { type: 'run', chunk: c, job, policies: ['greedy', 'random'], seed: 9, from, to };
      if (withSetup) msg.setup = setup;
      handle(msg, (r) => replies.push(r));
    };
    chunk(0, 1, 0, 10, true);
    chunk(1, 1, 10, 20, false);
    chunk(2, 1, 20, 30, false);
    expect(builds).toEqual([1]);
    chunk(3, 2, 0, 5, true);
    expect(builds).toEqual([1, 2]);
    const done = replies.filter((r): r is Extract<WorkerReply, { type: 'done' }> => r.type === 'done');
    expect(done.map((r) => r.chunk)).toEqual([0, 1, 2, 3]);
    // The three chunks of job 1 together are exactly runs 0..29 played in one range by fresh bots.
    const layout = layoutOf(setup);
    const whole = emptyAccumulator(layout);
    const bots = getPolicies(['greedy', 'random']);
    if (!bots.ok) throw new Error(bots.error.message);
    expect(runRange(setup, layout, bots.value, 9, 0, 30, whole).ok).toBe(true);
    const merged = done.slice(0, 3).reduce<SimAccumulator>((acc, r) => mergeInto(acc, r.acc as SimAccumulator), emptyAccumulator(layout));
    expect(merged).toEqual(whole);
  });

  it('answers an error (never throws) for a chunk of a job it has no setup for, or an unknown bot', () => {
    const handle = createChunkHandler();
    const replies: WorkerReply[] = [];
    handle({ type: 'run', chunk: 7, job: 3, policies: ['random', 'random'], seed: 1, from: 0, to: 2 }, (r) => replies.push(r));
    handle({ type: 'run', chunk: 8, job: 4, setup, policies: ['random', 'oracle'], seed: 1, from: 0, to: 2 }, (r) => replies.push(r));
    expect(replies).toEqual([
      expect.objectContaining({ type: 'error', chunk: 7, code: 'sim/crash' }),
      expect.objectContaining({ type: 'error', chunk: 8, code: 'sim/unknown-bot' }),
    ]);
  });

  it('splits runs into contiguous chunks, about 8 per worker, within the chunk bounds', () => {
    for (const [from, to, parts] of [[0, 1_000_000, 2], [0, 1000, 2], [3000, 4000, 4], [0, 7, 2], [0, 100_000, 1]] as const) {
      const ranges = splitRanges(from, to, parts);
      expect(ranges[0]![0]).toBe(from);
      expect(ranges[ranges.length - 1]![1]).toBe(to);
      ranges.forEach(([a, b], i) => {
        expect(b).toBeGreaterThan(a);
        if (i > 0) expect(a).toBe(ranges[i - 1]![1]);
        expect(b - a).toBeLessThanOrEqual(MAX_CHUNK_RUNS);
        if (i < ranges.length - 1) expect(b - a).toBeGreaterThanOrEqual(MIN_CHUNK_RUNS);
      });
      if (to - from >= MIN_CHUNK_RUNS * 8 * parts) expect(ranges.length).toBeGreaterThanOrEqual(8 * parts);
    }
  });
});
