import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, legalActions } from '../../../../src/shared/engine';
import type { BattleSetup } from '../../../../src/shared/engine';
import { ACT, ActionBuffer, argC, attacksOf, enumerateActions, kindOf, recordedSwarms } from '../../../../src/shared/engine/action-codes';
import { compile } from '../../../../src/shared/engine/compiled';
import { listedActions } from '../../../../src/shared/engine/legal';
import { findSwarms, swarmMembers, swarmStart } from '../../../../src/shared/engine/swarm-groups';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import type { Effect } from '../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';
import type { MemberSpec } from './helpers';

/** The findSwarms layout as lists (member indices). */
const lists = (n: number): number[][] => Array.from({ length: n }, (_, w) => Array.from(swarmMembers.subarray(swarmStart[w]!, swarmStart[w + 1]!)));

/**
 * Plays random legal actions from a fresh battle; at every decision, every Swarm-variant Clash
 * code's recorded Swarms must equal what findSwarms finds for its attacks, and the codes those
 * without recording. Returns how many codes it compared.
 */
const compareBattle = (setup: BattleSetup, seed: number, maxSteps = 300): number => {
  const c = compile(setup);
  const rng = createBotRng(seed);
  const buf = new ActionBuffer();
  buf.recordSwarms = true;
  const plain = new ActionBuffer();
  const attacks = { att: new Int32Array(4), tgt: new Int32Array(4) };
  let s = createBattle(setup, seed);
  let compared = 0;
  for (let step = 0; s.phase !== 'ended' && step < maxSteps; step++) {
    const n = enumerateActions(s, c, buf, listedActions);
    // Recording changes no code: the same codes, in the same order, as without it.
    const unrecorded = enumerateActions(s, c, plain, listedActions);
    expect([...plain.codes.subarray(0, unrecorded)]).toEqual([...buf.codes.subarray(0, n)]);
    if (s.phase === 'turn') enumerateActions(s, c, buf, listedActions);
    for (let i = 0; i < n; i++) {
      const code = buf.codes[i]!;
      const kind = kindOf(code);
      if (argC(code) !== 1 || (kind !== ACT.clash && kind !== ACT.clashPair && kind !== ACT.clashAll)) continue;
      const recorded = lists(recordedSwarms(buf, i));
      const k = attacksOf(code, buf, attacks);
      const found = lists(findSwarms(s, c, attacks.att, attacks.tgt, k));
      expect(recorded).toEqual(found);
      expect(found.length).toBeGreaterThan(0);
      compared++;
    }
    const next = applyAction(s, legalActions(s)[rng.int(n)]!);
    if (!next.ok) throw new Error(next.error.message);
    s = next.value.state;
  }
  return compared;
};

const effect = fc.constantFrom<Effect[]>([], [], [], [{ swarm: 'always' }], [{ swarm: 'never' }], [{ swarm: 'never', when: { opponentType: 'brute' } }]);
const member = (i: number) =>
  fc.record({ die: fc.constantFrom<'d4' | 'd6' | 'd8'>('d4', 'd6', 'd8'), effects: effect, area: fc.constantFrom('x', 'y'), health: fc.integer({ min: 1, max: 3 }), type: fc.constantFrom('brute', 'survivor') }).map((m): MemberSpec => ({ id: `m${i}`, ...m }));
const crew = (max: number) => fc.integer({ min: 1, max }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => member(i))));

describe('Swarm-groups hook (issue 13: the Swarms of each Swarm-variant Clash code, recorded by the enumeration)', () => {
  it('R6.1 R11: recorded Swarms equal findSwarms for every Swarm-variant code of the example scenarios', () => {
    let compared = 0;
    for (const scenario of EXAMPLE_SCENARIOS) for (let seed = 1; seed <= 10; seed++) compared += compareBattle(exampleSetup(scenario), seed);
    expect(compared).toBeGreaterThan(60);
  });

  it('R6.1 R11: recorded Swarms equal findSwarms for random crews, Swarm effects and sizes (plain, mixed and capped teams)', () => {
    let compared = 0;
    fc.assert(
      fc.property(crew(8), crew(8), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 1000 }), (a, b, minSize, seed) => {
        compared += compareBattle(mkSetup({ a, b, areas: ['x', 'y'], ruleset: { swarm: { minSize } } }), seed, 120);
      }),
      { numRuns: 60, seed: 613 },
    );
    expect(compared).toBeGreaterThan(1000);
  });

  it('R6.1: reading Swarms of a decision enumerated without recording is refused, not answered wrongly', () => {
    const setup = exampleSetup('drowned-foundry');
    const buf = new ActionBuffer();
    enumerateActions(createBattle(setup, 1), compile(setup), buf, listedActions);
    expect(() => recordedSwarms(buf, 0)).toThrow(/without recordSwarms/);
  });
});
