import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getPolicies } from '../../../../../src/shared/engine/bots';
import { createRng, seedRng } from '../../../../../src/shared/engine/prng';
import type { Policy } from '../../../../../src/shared/engine/bots/policy';
import { layoutOf, outcomeOf, playBattle, runRange } from '../../../../../src/shared/engine/sim/runner';
import { botSeed, runSeed } from '../../../../../src/shared/engine/sim/seed';
import { emptyAccumulator, exampleKey } from '../../../../../src/shared/engine/sim/stats';
import { RunTally, TALLY_POINTS, addRun, flushTally, tallyOutcome } from '../../../../../src/shared/engine/sim/tally';
import type { RunOutcome, SimAccumulator, SimLayout } from '../../../../../src/shared/engine/sim/stats';
import { EXAMPLE_SCENARIOS, exampleSetup } from '../bots/example-setups';

const bots = (name: string): readonly [Policy, Policy] => {
  const p = getPolicies([name, name]);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

const SEED = 977;

/** The accumulator's meaning for one run, written out key by key (the oracle of the tally's counts, examples and key order). */
const countByHand = (acc: SimAccumulator, layout: SimLayout, r: RunOutcome): void => {
  const sides = layout.sides.length;
  const example = (key: string): void => {
    const cur = acc.examples[key];
    if (cur === undefined) acc.examples[key] = { exampleIndex: r.index, exampleSeed: r.seed };
    else if (r.index < cur.exampleIndex) Object.assign(cur, { exampleIndex: r.index, exampleSeed: r.seed });
  };
  acc.runs++;
  if (r.winner >= 0) acc.wins[r.winner]!++;
  else acc.draws++;
  acc.roundsSum += r.rounds;
  acc.roundsHist[r.rounds] = (acc.roundsHist[r.rounds] ?? 0) + 1;
  r.points.forEach((p, s) => (acc.points[s]![p] = (acc.points[s]![p] ?? 0) + 1));
  r.incapacitated.forEach((out, m) => out && acc.incapacitated[m]!++);
  r.objectivesScored.forEach((bits, o) => layout.sides.forEach((_, s) => bits & (1 << s) && acc.objectives[o]![s]!++));
  r.areasEntered.forEach((row, s) => row.forEach((e, a) => e && acc.areasEntered[s]![a]!++));
  if (r.fullLength) acc.fullLength++;
  const bucket = `${r.rounds}:${r.winner >= 0 ? layout.sides[r.winner]!.id : 'draw'}`;
  const b = acc.buckets[bucket];
  if (b === undefined) acc.buckets[bucket] = { count: 1, exampleIndex: r.index, exampleSeed: r.seed };
  else b.count++;
  acc.byFirst[r.first]![r.winner < 0 ? sides : r.winner]!++;
  example(exampleKey.first(r.first, r.winner));
  r.objectivesScored.forEach((bits, o) =>
    layout.sides.forEach((_, s) => {
      if ((bits & (1 << s)) === 0) return;
      if (r.winner === s) acc.objectiveWins[o]![s]!++;
      example(exampleKey.objective(o, s, r.winner === s));
    }),
  );
  r.incapacitated.forEach((out, m) => {
    const won = r.winner === layout.members[m]!.side;
    if (out && won) acc.incapacitatedWins[m]!++;
    example(exampleKey.member(m, out, won));
  });
};

// runRange counts its battles in a RunTally (tally.ts) and flushes it into the accumulator: the
// accumulator must be exactly addRun's of every battle in turn, key order included (the report's
// JSON and the A/B digests are built from it).
describe('the runner tally', () => {
  for (const scenario of EXAMPLE_SCENARIOS) {
    it(`${scenario}: ranges counted through the tally equal addRun of each battle's outcome (JSON, key order included)`, () => {
      const setup = exampleSetup(scenario);
      // No coverage: playBattle records none (coverage counts are checked below and in coverage.test.ts).
      const layout: SimLayout = { ...layoutOf(setup), coverage: undefined };
      delete layout.coverage;
      const tallied = emptyAccumulator(layout);
      // Two ranges into one accumulator (the second flushes into kept examples); 150 runs pass progress flushes at 64 and 128.
      expect(runRange(setup, layout, bots('random'), SEED, 0, 150, tallied).ok).toBe(true);
      expect(runRange(setup, layout, bots('random'), SEED, 150, 230, tallied).ok).toBe(true);
      const one = emptyAccumulator(layout);
      const policies = bots('random');
      for (let i = 0; i < 230; i++) {
        const played = playBattle(setup, policies, runSeed(SEED, i), botSeed(SEED, i));
        if (!played.ok) throw new Error(played.error.message);
        addRun(one, layout, outcomeOf(setup, played.value, i, runSeed(SEED, i)));
      }
      expect(JSON.stringify(tallied)).toBe(JSON.stringify(one));
    });
  }

  it('counts a battle for every coverage entry one of whose slots fired, across a flush (slot counts for one-slot entries, a scan for the others)', () => {
    const setup = exampleSetup('glass-temple');
    const layout = layoutOf(setup);
    const entries = layout.coverage!;
    const slots = Math.max(...entries.flatMap((e) => e.slots)) + 1;
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: slots, maxLength: slots, min: 0, max: 1 }), { minLength: 1, maxLength: 8 }), (battles) => {
        const t = new RunTally(layout, setup.rounds);
        const acc = emptyAccumulator(layout);
        battles.forEach((fired, i) => {
          // A flush between the runs (the tally is emptied and used again).
          if (i === 2) flushTally(t, acc, layout);
          t.runs++;
          t.draws++;
          t.fired(fired);
        });
        flushTally(t, acc, layout);
        expect(acc.coverage).toEqual(entries.map((e) => battles.filter((fired) => e.slots.some((x) => fired[x] === 1)).length));
        expect([...t.coverage].every((v) => v === 0)).toBe(true);
      }),
    );
  });

  it('slot counts added four flags at a time stay exact past 255 runs without a flush (the byte-wide counts are spilled in time)', () => {
    const setup = exampleSetup('drowned-foundry');
    const layout = layoutOf(setup);
    const entries = layout.coverage!;
    const slots = Math.max(...entries.flatMap((e) => e.slots)) + 1;
    // Padded to whole words as the runner's flags; every fifth slot fires in every run.
    const battles: Uint8Array[] = [];
    let x = 12345;
    for (let i = 0; i < 700; i++) {
      const f = new Uint8Array((slots + 3) & ~3);
      for (let s = 0; s < slots; s++) {
        x = (Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) + i) | 0;
        f[s] = s % 5 === 0 || x >>> 28 < 6 ? 1 : 0;
      }
      battles.push(f);
    }
    const t = new RunTally(layout, setup.rounds);
    const acc = emptyAccumulator(layout);
    // One flags array for every run, as the runner's.
    const flags = new Uint8Array((slots + 3) & ~3);
    for (const f of battles) {
      flags.set(f);
      t.runs++;
      t.draws++;
      t.fired(flags);
    }
    flushTally(t, acc, layout);
    expect(acc.coverage).toEqual(entries.map((e) => battles.filter((f) => e.slots.some((s) => f[s] === 1)).length));
  });

  it('a tally of runs in order, flushed now and then, counts as the accumulator means (rounds beyond its first arrays: they grow; points beyond them: kept apart)', () => {
    const layout: SimLayout = {
      scenario: 's',
      ruleset: 'core',
      sides: [
        { id: 'a', crew: 'x', value: 1 },
        { id: 'b', crew: 'y', value: 2 },
      ],
      members: [0, 1, 1].map((side, m) => ({ side, crew: 'x', member: `m${m}` })),
      objectives: ['o1', 'o2'],
      areas: ['p', 'q', 'r'],
    };
    const outcome = fc.record({
      winner: fc.integer({ min: -1, max: 1 }),
      rounds: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 4, max: 50 })),
      points: fc.tuple(
        fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 60, max: 300 }), fc.integer({ min: TALLY_POINTS - 3, max: TALLY_POINTS + 3 }), fc.constantFrom(2_000_000_000, 5_000_000_000)),
        fc.oneof(fc.integer({ min: 0, max: 70 }), fc.integer({ min: 5000, max: 9000 })),
      ),
      incapacitated: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()),
      objectivesScored: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
      areasEntered: fc.tuple(fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()), fc.tuple(fc.boolean(), fc.boolean(), fc.boolean())),
      fullLength: fc.boolean(),
      first: fc.integer({ min: 0, max: 1 }),
    });
    fc.assert(
      fc.property(fc.array(outcome, { minLength: 1, maxLength: 40 }), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (xs, flushes) => {
        const runs: RunOutcome[] = xs.map((x, i) => ({ ...x, index: i, seed: runSeed(SEED, i) }));
        const want = emptyAccumulator(layout);
        for (const r of runs) countByHand(want, layout, r);
        const tallied = emptyAccumulator(layout);
        const t = new RunTally(layout, 3);
        runs.forEach((r, i) => {
          tallyOutcome(t, r);
          if (flushes[i]) flushTally(t, tallied, layout);
        });
        flushTally(t, tallied, layout);
        expect(JSON.stringify(tallied)).toBe(JSON.stringify(want));
        const added = emptyAccumulator(layout);
        for (const r of runs) addRun(added, layout, r);
        expect(JSON.stringify(added)).toBe(JSON.stringify(want));
      }),
      { numRuns: 200, seed: 1717 },
    );
    // Points past the array's limit are kept apart: an objective worth two billion takes no more room.
    const t = new RunTally(layout, 3);
    tallyOutcome(t, { index: 0, seed: 0, winner: 0, rounds: 2, points: [2_000_000_000, 4_000_000_000], incapacitated: [false, false, false], objectivesScored: [0, 0], areasEntered: [[false, false, false], [false, false, false]], fullLength: false, first: 0 });
    expect(t.points.length).toBeLessThanOrEqual(2 * TALLY_POINTS);
    const big = emptyAccumulator(layout);
    flushTally(t, big, layout);
    expect(big.points).toEqual([{ 2000000000: 1 }, { 4000000000: 1 }]);
    const bad = { index: 0, seed: 0, winner: -1, rounds: 2, points: [-1, 0], incapacitated: [false, false, false], objectivesScored: [0, 0], areasEntered: [[false, false, false], [false, false, false]], fullLength: false, first: 0 };
    expect(() => addRun(emptyAccumulator(layout), layout, bad)).toThrow(RangeError);
  });

  it('seedRng writes the state createRng makes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), (seed) => {
        const rng = [1, 2, 3, 4];
        seedRng(rng, seed);
        expect(rng).toEqual(createRng(seed));
      }),
    );
    // createRng's splitmix32 seeding, written out for one seed (the state before sfc32's 12 warm-up draws).
    let s = 12345;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    const ref = [next(), next(), next(), next()];
    const sfc = (r: number[]): void => {
      const t = (((r[0]! + r[1]!) >>> 0) + r[3]!) >>> 0;
      r[3] = (r[3]! + 1) >>> 0;
      r[0] = (r[1]! ^ (r[1]! >>> 9)) >>> 0;
      r[1] = (r[2]! + (r[2]! << 3)) >>> 0;
      r[2] = (((r[2]! << 21) | (r[2]! >>> 11)) + t) >>> 0;
    };
    for (let i = 0; i < 12; i++) sfc(ref);
    expect(createRng(12345)).toEqual(ref);
  });
});
