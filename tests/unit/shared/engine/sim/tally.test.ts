import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getPolicies } from '../../../../../src/shared/engine/bots';
import { createRng, seedRng } from '../../../../../src/shared/engine/prng';
import type { Policy } from '../../../../../src/shared/engine/bots/policy';
import { layoutOf, outcomeOf, playBattle, runRange } from '../../../../../src/shared/engine/sim/runner';
import { botSeed, runSeed } from '../../../../../src/shared/engine/sim/seed';
import { addRun, emptyAccumulator } from '../../../../../src/shared/engine/sim/stats';
import { RunTally, flushTally } from '../../../../../src/shared/engine/sim/tally';
import type { SimLayout } from '../../../../../src/shared/engine/sim/stats';
import { EXAMPLE_SCENARIOS, exampleSetup } from '../bots/example-setups';

const bots = (name: string): readonly [Policy, Policy] => {
  const p = getPolicies([name, name]);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

const SEED = 977;

// runRange counts its battles in a RunTally (stats.ts) and flushes it into the accumulator: the
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

  it("counts a battle for every coverage entry one of whose slots fired, as addRun does", () => {
    const setup = exampleSetup('glass-temple');
    const layout = layoutOf(setup);
    const entries = layout.coverage!;
    const slots = Math.max(...entries.flatMap((e) => e.slots)) + 1;
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: slots, maxLength: slots, min: 0, max: 1 }), { minLength: 1, maxLength: 8 }), (battles) => {
        const t = new RunTally(layout, setup.rounds);
        const acc = emptyAccumulator(layout);
        const ref = emptyAccumulator(layout);
        battles.forEach((fired, i) => {
          // A flush between the runs (the tally is emptied and used again).
          if (i === 2) flushTally(t, acc, layout);
          t.runs++;
          t.draws++;
          t.fired(fired);
          addRun(ref, layout, { index: i, seed: i, winner: -1, rounds: 0, points: [], incapacitated: [], objectivesScored: [], areasEntered: [], fullLength: false, first: 0, fired });
        });
        flushTally(t, acc, layout);
        expect(acc.coverage).toEqual(ref.coverage);
        expect([...t.coverage].every((v) => v === 0)).toBe(true);
      }),
    );
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
