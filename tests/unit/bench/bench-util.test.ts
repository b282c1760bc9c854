import { describe, expect, it } from 'vitest';
import { median, steadyRate } from '../../../bench/bench-util';

/** A fake CPU clock: each item of a batch costs `cost(items done so far)` seconds. */
const fakeWork = (cost: (done: number) => number) => {
  let clock = 0;
  let done = 0;
  return {
    cpuTime: () => clock,
    batch: (n: number) => {
      for (let i = 0; i < n; i++) clock += cost(done++);
    },
    done: () => done,
  };
};

describe('engine benchmark warm-up (issue 13 item 5)', () => {
  it('measures only once the rate is stable: a slow start (JIT warm-up) is not in the figure', () => {
    // 1 ms per item for the first 500 items, then 10 µs: the steady rate is 10 µs.
    const w = fakeWork((done) => (done < 500 ? 1e-3 : 1e-5));
    const steady = steadyRate(w.batch, { cpuTime: w.cpuTime, batchCpu: 0.01, minWarmCpu: 0.6 });
    expect(steady.cpuPerItem).toBeCloseTo(1e-5, 12);
    expect(steady.warmItems).toBeGreaterThanOrEqual(500);
    expect(w.done()).toBeGreaterThan(steady.warmItems);
  });

  it('gives up warming after maxWarmCpu and still measures', () => {
    // Twice as slow every 100 items: never stable.
    const w = fakeWork((done) => 1e-6 * 2 ** Math.floor(done / 100));
    const steady = steadyRate(w.batch, { cpuTime: w.cpuTime, batchCpu: 0.001, minWarmCpu: 0, maxWarmCpu: 0.05, measured: 1 });
    expect(steady.warmCpu).toBeGreaterThan(0.05);
    expect(steady.cpuPerItem).toBeGreaterThan(0);
  });

  it('median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
