import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptyAccumulator, mergeInto } from '../../../../../src/shared/engine/sim/stats';
import { addRun } from '../../../../../src/shared/engine/sim/tally';
import type { RunOutcome, SimLayout } from '../../../../../src/shared/engine/sim/stats';
import { buildReport, maxHalfWidth } from '../../../../../src/shared/engine/sim/report';
import { wilsonInterval } from '../../../../../src/shared/engine/sim/wilson';
import { createBotRng, mix32, runSeed } from '../../../../../src/shared/engine/sim/seed';
import type { CoverageEntry } from '../../../../../src/shared/engine/sim/coverage-layout';

const layout: SimLayout = {
  scenario: 'drowned-foundry',
  ruleset: 'core',
  sides: [
    { id: 'a', crew: 'iron-choir', value: 42 },
    { id: 'b', crew: 'rot-saints', value: 38 },
  ],
  members: [
    { side: 0, crew: 'iron-choir', member: 'warden-7' },
    { side: 1, crew: 'rot-saints', member: 'ash-mother' },
  ],
  objectives: ['core', 'hold-gate'],
  areas: ['foundry', 'gate'],
};

const outcome = fc.record({
  winner: fc.integer({ min: -1, max: 1 }),
  rounds: fc.integer({ min: 1, max: 6 }),
  points: fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })),
  incapacitated: fc.tuple(fc.boolean(), fc.boolean()),
  objectivesScored: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
  areasEntered: fc.tuple(fc.tuple(fc.boolean(), fc.boolean()), fc.tuple(fc.boolean(), fc.boolean())),
  fullLength: fc.boolean(),
  first: fc.integer({ min: 0, max: 1 }),
});

const toRuns = (xs: Omit<RunOutcome, 'index' | 'seed'>[]): RunOutcome[] =>
  xs.map((x, index) => ({ ...x, index, seed: runSeed(7, index) }));

describe('simulation statistics', () => {
  it('Wilson interval matches the textbook value and stays in [0, 1]', () => {
    const [lo, hi] = wilsonInterval(50, 100);
    expect(lo).toBeCloseTo(0.4038, 4);
    expect(hi).toBeCloseTo(0.5962, 4);
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(10, 10)[1]).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });

  it('runs added to accumulators in turn (one layout, then another) count as runs added to each alone', () => {
    // addRun keeps the last layout's keys and accumulator's examples index: switching must not mix them.
    const other: SimLayout = { ...layout, members: [...layout.members, { side: 1, crew: 'rot-saints', member: 'pale-bloom' }] };
    fc.assert(
      fc.property(fc.array(outcome, { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 40, maxLength: 40 }), (xs, picks) => {
        const runs = toRuns(xs);
        const wide = (r: RunOutcome): RunOutcome => ({ ...r, incapacitated: [...r.incapacitated, !r.incapacitated[0]] });
        const accs = [emptyAccumulator(layout), emptyAccumulator(layout), emptyAccumulator(other)];
        const alone = [emptyAccumulator(layout), emptyAccumulator(layout), emptyAccumulator(other)];
        const lay = [layout, layout, other];
        // Later runs first as well, so that a kept example can be replaced by an earlier one.
        const order = [...runs.keys()].map((i) => (i % 3 === 2 ? runs.length - 1 - i : i));
        order.forEach((i, k) => {
          const to = picks[k % picks.length]!;
          const r = to === 2 ? wide(runs[i]!) : runs[i]!;
          addRun(accs[to]!, lay[to]!, r);
        });
        for (let to = 0; to < 3; to++) {
          order.forEach((i, k) => {
            if (picks[k % picks.length] === to) addRun(alone[to]!, lay[to]!, to === 2 ? wide(runs[i]!) : runs[i]!);
          });
          expect(JSON.stringify(accs[to])).toBe(JSON.stringify(alone[to]));
        }
      }),
    );
  });

  it('merging any split of the runs gives the same report as one pass', () => {
    fc.assert(
      fc.property(fc.array(outcome, { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 60 }), (xs, cut) => {
        const runs = toRuns(xs);
        const one = emptyAccumulator(layout);
        for (const r of runs) addRun(one, layout, r);
        const left = emptyAccumulator(layout);
        const right = emptyAccumulator(layout);
        runs.forEach((r, i) => addRun(i < cut ? left : right, layout, r));
        const merged = mergeInto(right, left); // deliberately in the "wrong" order
        expect(JSON.stringify(buildReport(layout, merged, 7, 0))).toBe(JSON.stringify(buildReport(layout, one, 7, 0)));
      }),
      { numRuns: 100, seed: 42 },
    );
  });

  it('examples keep the lowest run index whatever order runs come in, before and after a merge (addRun skips runs that cannot be earlier)', () => {
    fc.assert(
      fc.property(fc.array(outcome, { minLength: 1, maxLength: 40 }), fc.array(fc.integer({ min: 0, max: 1000 })), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (xs, keys, cut, late) => {
        const runs = toRuns(xs);
        const sorted = emptyAccumulator(layout);
        for (const r of runs) addRun(sorted, layout, r);
        // The same runs shuffled; some go into another accumulator merged in, then the rest are added after the merge.
        const shuffled = runs.map((r, i) => ({ r, k: keys[i] ?? i })).sort((a, b) => a.k - b.k).map((x) => x.r);
        const main = emptyAccumulator(layout);
        const other = emptyAccumulator(layout);
        shuffled.forEach((r, i) => {
          if (i < cut) addRun(other, layout, r);
          else if (i < cut + late) addRun(main, layout, r);
        });
        mergeInto(main, other);
        shuffled.forEach((r, i) => {
          if (i >= cut + late) addRun(main, layout, r);
        });
        expect(main.examples).toEqual(sorted.examples);
        expect(main.buckets).toEqual(sorted.buckets);
      }),
      { numRuns: 150, seed: 1313 },
    );
  });

  it('coverage counts a run for every entry one of whose slots fired (entries of any shape, slots read from a flat table kept per layout)', () => {
    const entry = (slots: number[], i: number): CoverageEntry => {
      const e: CoverageEntry = { kind: 'effect', id: `e${i}`, name: `E${i}`, slots };
      // Entries of different shapes, as coverage layouts make them.
      if (i % 2 === 1) e.of = 'ability:x';
      if (i % 3 === 1) e.needs = 'round 3';
      if (i % 5 === 2) e.impossible = 'never';
      return e;
    };
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 4 }), { minLength: 1, maxLength: 12 }), fc.array(fc.uint8Array({ minLength: 12, maxLength: 12, max: 1 }), { minLength: 1, maxLength: 6 }), (slotLists, battles) => {
        const covered: SimLayout = { ...layout, coverage: slotLists.map(entry) };
        const acc = emptyAccumulator(covered);
        battles.forEach((fired, index) => addRun(acc, covered, { ...toRuns([fc.sample(outcome, { seed: index, numRuns: 1 })[0]!])[0]!, index, fired }));
        const want = slotLists.map((slots) => battles.filter((fired) => slots.some((x) => fired[x] === 1)).length);
        expect(acc.coverage).toEqual(want);
      }),
      { numRuns: 300, seed: 1313 },
    );
  });

  it('report has exactly the DESIGN.md keys in order, keyed by side ids', () => {
    const acc = emptyAccumulator(layout);
    for (const r of toRuns([
      { winner: 0, rounds: 6, points: [3, 1], incapacitated: [false, true], objectivesScored: [1, 2], areasEntered: [[true, false], [true, true]], fullLength: true, first: 0 },
      { winner: -1, rounds: 4, points: [1, 1], incapacitated: [true, true], objectivesScored: [0, 3], areasEntered: [[true, true], [false, true]], fullLength: false, first: 1 },
    ]))
      addRun(acc, layout, r);
    const report = buildReport(layout, acc, 7, 12, false);
    expect(Object.keys(report)).toEqual(['runs', 'seed', 'ruleset', 'sides', 'draws', 'rounds', 'members', 'objectives', 'elapsedMs']);
    expect(report.sides[0]).toMatchObject({ side: 'a', crew: 'iron-choir', wins: 1, winRate: 0.5 });
    expect(report.draws).toBe(1);
    expect(report.rounds).toEqual({ mean: 5, histogram: { '4': 1, '6': 1 } });
    expect(report.members).toEqual([
      { crew: 'iron-choir', member: 'warden-7', incapacitatedRate: 0.5, side: 'a' },
      { crew: 'rot-saints', member: 'ash-mother', incapacitatedRate: 1, side: 'b' },
    ]);
    expect(Object.keys(report.members[0])).toEqual(['crew', 'member', 'incapacitatedRate', 'side']);
    expect(report.objectives).toEqual([
      { id: 'core', completedRate: { a: 0.5, b: 0 } },
      { id: 'hold-gate', completedRate: { a: 0.5, b: 1 } },
    ]);
    const full = buildReport(layout, acc, 7, 12);
    expect(full.analysis?.buckets).toEqual([
      { rounds: 4, outcome: 'draw', count: 1, exampleRun: 1, exampleSeed: runSeed(7, 1) },
      { rounds: 6, outcome: 'a', count: 1, exampleRun: 0, exampleSeed: runSeed(7, 0) },
    ]);
    expect(full.analysis?.fullLengthRate).toBe(0.5);
    // Balance evidence: first player, objectives completed and won, members out and won.
    expect(full.analysis?.crewValues).toEqual({ a: 42, b: 38 });
    expect(full.analysis?.firstPlayer).toEqual([
      { first: 'a', runs: 1, wins: { a: 1, b: 0 }, draws: 0 },
      { first: 'b', runs: 1, wins: { a: 0, b: 0 }, draws: 1 },
    ]);
    expect(full.analysis?.objectiveOutcomes).toEqual([
      { id: 'core', side: 'a', completed: 1, completedWins: 1 },
      { id: 'core', side: 'b', completed: 0, completedWins: 0 },
      { id: 'hold-gate', side: 'a', completed: 1, completedWins: 0 },
      { id: 'hold-gate', side: 'b', completed: 2, completedWins: 0 },
    ]);
    expect(full.analysis?.memberOutcomes).toEqual([
      { side: 'a', crew: 'iron-choir', member: 'warden-7', incapacitated: 1, incapacitatedWins: 0 },
      { side: 'b', crew: 'rot-saints', member: 'ash-mother', incapacitated: 2, incapacitatedWins: 0 },
    ]);
    expect(full.analysis?.examples['first:a:a']).toEqual({ run: 0, seed: runSeed(7, 0) });
    expect(full.analysis?.examples['first:b:draw']).toEqual({ run: 1, seed: runSeed(7, 1) });
    expect(full.analysis?.examples['objective:core:a:won']).toEqual({ run: 0, seed: runSeed(7, 0) });
    expect(full.analysis?.examples['member:b:ash-mother:out:lost']).toEqual({ run: 0, seed: runSeed(7, 0) });
    expect(full.analysis?.examples['member:a:warden-7:in:won']).toEqual({ run: 0, seed: runSeed(7, 0) });
    expect(maxHalfWidth(acc)).toBeGreaterThan(0.3);
  });

  it('tells the members of a mirror match apart by side', () => {
    const mirror: SimLayout = {
      ...layout,
      sides: [
        { id: 'a', crew: 'iron-choir', value: 42 },
        { id: 'b', crew: 'iron-choir', value: 42 },
      ],
      members: [
        { side: 0, crew: 'iron-choir', member: 'warden-7' },
        { side: 1, crew: 'iron-choir', member: 'warden-7' },
      ],
    };
    const acc = emptyAccumulator(mirror);
    addRun(acc, mirror, { index: 0, seed: 1, winner: 0, rounds: 3, points: [2, 0], incapacitated: [false, true], objectivesScored: [0, 0], areasEntered: [[true, false], [true, false]], fullLength: false, first: 0 });
    const report = buildReport(mirror, acc, 1, 0, false);
    expect(report.members).toEqual([
      { crew: 'iron-choir', member: 'warden-7', incapacitatedRate: 0, side: 'a' },
      { crew: 'iron-choir', member: 'warden-7', incapacitatedRate: 1, side: 'b' },
    ]);
  });

  it('statistics memory does not grow with the number of runs', () => {
    const sizeAfter = (runs: number): number => {
      const acc = emptyAccumulator(layout);
      for (let i = 0; i < runs; i++) {
        addRun(acc, layout, {
          index: i,
          seed: runSeed(1, i),
          winner: (i % 3) - 1,
          rounds: 1 + (i % 6),
          points: [i % 7, (i * 3) % 7],
          incapacitated: [i % 2 === 0, i % 5 === 0],
          objectivesScored: [i % 4, (i + 1) % 4],
          areasEntered: [[true, i % 2 === 0], [i % 3 === 0, true]],
          fullLength: i % 6 === 5,
          first: i % 2,
        });
      }
      return JSON.stringify(acc).length;
    };
    const small = sizeAfter(1_000);
    const large = sizeAfter(100_000);
    expect(large).toBeLessThan(small + 200); // only digits of the counters grow
  });

  it('run seeds depend only on (seed, index) and differ between runs', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(runSeed(42, i));
    expect(seen.size).toBe(10_000);
    expect(runSeed(42, 5)).toBe(runSeed(42, 5));
    expect(runSeed(42, 5)).not.toBe(runSeed(43, 5));
    expect(mix32(0)).toBe(0);
    const rng = createBotRng(1);
    const xs = Array.from({ length: 1000 }, () => rng.int(6));
    expect(new Set(xs).size).toBe(6);
    expect(xs.every((x) => x >= 0 && x < 6)).toBe(true);
  });

  it('createBotRng is mulberry32: the same draws as the reference uint32 form, for seeds above 2^31 too', () => {
    // Reference values from mulberry32 with a uint32 state (`a = (a + 0x6d2b79f5) >>> 0`).
    const draws = (seed: number) => {
      const r = createBotRng(seed);
      return [r.next(), r.next(), r.next(), r.int(1000), r.int(7)];
    };
    expect(draws(0)).toEqual([0.26642920868471265, 0.0003297457005828619, 0.2232720274478197, 146, 3]);
    expect(draws(1)).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522, 981, 6]);
    expect(draws(0x7fffffff)).toEqual([0.4290980885270983, 0.12713524978607893, 0.3852774982806295, 396, 0]);
    expect(draws(0xdeadbeef)).toEqual([0.9413696140982211, 0.26719574979506433, 0.772033357527107, 358, 3]);
  });
});
