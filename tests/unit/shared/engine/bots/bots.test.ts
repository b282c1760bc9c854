import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyAction, createBattle, isLegal, legalActions } from '../../../../../src/shared/engine';
import type { Action, BattleSetup, BattleState } from '../../../../../src/shared/engine';
import { getPolicies, getPolicy, greedyPolicy, mctsPolicy, randomPolicy } from '../../../../../src/shared/engine/bots';
import type { Policy } from '../../../../../src/shared/engine/bots';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { playBattle } from '../../../../../src/shared/engine/sim/runner';
import { mkSetup } from '../helpers';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';

/** Plays a battle, asserting before each decision that the bot's action is one `legalActions` lists. */
const playChecked = (setup: BattleSetup, policies: [Policy, Policy], seed: number): BattleState => {
  let state = createBattle(setup, seed);
  const rng = createBotRng(seed ^ 0xabc);
  for (let n = 0; state.phase !== 'ended'; n++) {
    expect(n).toBeLessThan(5000);
    const action: Action = policies[state.side].decide(state, rng);
    const listed = legalActions(state).map((a) => JSON.stringify(a));
    expect(listed).toContain(JSON.stringify(action));
    expect(isLegal(state, action)).toBe(true);
    const next = applyAction(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return state;
};

const swarmSetup = (interception: boolean, timing: 'simultaneous' | 'sequential', tie: 'standoff' | 'reroll' | 'bothDamaged'): BattleSetup =>
  mkSetup({
    areas: ['yard', 'roof'],
    a: [
      { id: 'boss', die: 'd10', health: 2, captain: true },
      { id: 'r1', die: 'd6' },
      { id: 'r2', die: 'd6' },
      { id: 'r3', die: 'd6', effects: [{ reroll: 'once' }] },
    ],
    b: [
      { id: 'king', die: 'd12', health: 3, captain: true, effects: [{ keepHighest: 'd6', when: { role: 'defender' } }] },
      { id: 'guard', die: 'd8', health: 2, effects: [{ armor: 1 }] },
    ],
    objectives: [{ id: 'flag', name: 'Flag', area: 'roof', kind: 'interact', progress: 2, points: 2 }],
    ruleset: { clash: { interception, timing, tie } },
  });

describe('bots', () => {
  it('random, greedy and mcts only ever return legal actions on the example scenarios', () => {
    fc.assert(
      fc.property(fc.constantFrom(...EXAMPLE_SCENARIOS), fc.integer({ min: 0, max: 2 ** 31 }), fc.constantFrom('random', 'greedy'), (scenario, seed, other) => {
        const setup = exampleSetup(scenario);
        const a = getPolicy(other);
        if (!a.ok) throw new Error(a.error.message);
        const end = playChecked(setup, [a.value, greedyPolicy()], seed);
        expect(end.result).not.toBeNull();
      }),
      { numRuns: 12, seed: 5 },
    );
    const end = playChecked(exampleSetup('marrow-market'), [mctsPolicy({ iterations: 4, depth: 4 }), randomPolicy()], 3);
    expect(end.phase).toBe('ended');
  });

  it('bots stay legal with Swarms (R6), interception (R3.3), sequential timing and tie rerolls', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.constantFrom('simultaneous', 'sequential'), fc.constantFrom('standoff', 'reroll', 'bothDamaged'), fc.integer({ min: 0, max: 10_000 }), (interception, timing, tie, seed) => {
        const setup = swarmSetup(interception, timing as 'simultaneous', tie as 'standoff');
        playChecked(setup, [greedyPolicy(), randomPolicy()], seed);
        playChecked(setup, [randomPolicy(), greedyPolicy()], seed + 1);
      }),
      { numRuns: 25, seed: 11 },
    );
  });

  it('bots stay legal under the phased turn structure (R12 turnStructure: phased)', () => {
    const setup = mkSetup({
      areas: ['yard', 'roof'],
      a: [{ id: 'boss', die: 'd10', health: 2 }, { id: 'r1', die: 'd6' }, { id: 'r2', die: 'd8', area: 'roof' }],
      b: [{ id: 'king', die: 'd12', health: 2 }, { id: 'guard', die: 'd6' }],
      objectives: [{ id: 'flag', name: 'Flag', area: 'roof', kind: 'interact', progress: 2, points: 2 }],
      ruleset: { turnStructure: 'phased' },
    });
    for (let seed = 0; seed < 8; seed++) {
      playChecked(setup, [greedyPolicy(), randomPolicy()], seed);
      playChecked(setup, [mctsPolicy({ iterations: 3, depth: 3 }), greedyPolicy()], seed);
    }
  });

  it('R12 bots declare held orders, grouped Clashes and Swarms, and drop orders at phase starts', () => {
    const setup = mkSetup({
      areas: ['yard', 'roof'],
      a: [{ id: 'boss', die: 'd10', health: 2 }, { id: 'r1', die: 'd6' }, { id: 'r2', die: 'd6' }, { id: 'r3', die: 'd6' }],
      b: [{ id: 'king', die: 'd12', health: 3 }, { id: 'guard', die: 'd6' }],
      ruleset: { turnStructure: 'phased' },
    });
    const seen = { trigger: 0, group: 0, swarm: 0, drop: 0, keep: 0 };
    for (let seed = 0; seed < 12; seed++) {
      for (const policies of [[randomPolicy(), randomPolicy()], [greedyPolicy(), randomPolicy()]] as [Policy, Policy][]) {
        const played = playBattle(setup, policies, seed, seed);
        if (!played.ok) throw new Error(played.error.message);
        for (const a of played.value.decisions) {
          if (a.type === 'declare') {
            if (a.orders.some((o) => o.trigger !== undefined)) seen.trigger++;
            if (a.groups !== undefined) seen.group++;
            if (a.swarms !== undefined) seen.swarm++;
          }
          if (a.type === 'drop') seen[a.members.length > 0 ? 'drop' : 'keep']++;
        }
      }
    }
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });

  it('greedy beats random clearly on every example scenario', () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      let wins = 0;
      let losses = 0;
      for (let i = 0; i < 10; i++) {
        for (const greedySide of [0, 1] as const) {
          const policies: [Policy, Policy] = greedySide === 0 ? [greedyPolicy(), randomPolicy()] : [randomPolicy(), greedyPolicy()];
          const played = playBattle(setup, policies, 500 + i, 900 + i);
          if (!played.ok) throw new Error(played.error.message);
          const w = played.value.state.result?.winner;
          if (w === setup.sides[greedySide].id) wins++;
          else if (w !== null) losses++;
        }
      }
      expect(wins, scenario).toBeGreaterThan(3 * losses);
    }
  });

  it('mcts wins at least as often as it loses against greedy (fixed seeds, both sides; more in bench/mcts.bench.ts)', () => {
    let wins = 0;
    let losses = 0;
    for (const scenario of ['marrow-market']) {
      const setup = exampleSetup(scenario);
      for (let i = 0; i < 4; i++) {
        for (const mctsSide of [0, 1] as const) {
          const mcts = mctsPolicy({ iterations: 16 });
          const policies: [Policy, Policy] = mctsSide === 0 ? [mcts, greedyPolicy()] : [greedyPolicy(), mcts];
          const played = playBattle(setup, policies, 1000 + i, 77 + i);
          if (!played.ok) throw new Error(played.error.message);
          const w = played.value.state.result?.winner;
          if (w === setup.sides[mctsSide].id) wins++;
          else if (w !== null) losses++;
        }
      }
    }
    expect(wins).toBeGreaterThanOrEqual(losses);
  });

  it('greedy absorbs a hopeless defence and defends a winning one (R3.2)', () => {
    // b's d20 bystander in another Area gives side a the lower crew value, so a acts first (R2.2).
    const setup = mkSetup({
      areas: ['field', 'far'],
      a: [{ id: 'big', die: 'd20', health: 3 }],
      b: [{ id: 'small', die: 'd4', health: 3 }, { id: 'tough', die: 'd12', health: 3 }, { id: 'far', die: 'd20', area: 'far' }],
    });
    let s = createBattle(setup, 1);
    const declare = (target: string): BattleState => {
      const r = applyAction(s, { type: 'clash', side: 'a', attacks: [{ attacker: 'a:big', target }] });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.state;
    };
    const rng = createBotRng(1);
    expect(s.side).toBe(0);
    const vsSmall = greedyPolicy().decide(declare('b:small'), rng);
    expect(vsSmall).toMatchObject({ type: 'respond', responses: { 'b:small': 'absorb' } });
    s = createBattle(setup, 1);
    const vsTough = greedyPolicy().decide(declare('b:tough'), rng);
    expect(vsTough).toMatchObject({ type: 'respond', responses: { 'b:tough': 'defend' } });
  });

  it('getPolicy rejects unknown bots with the list of valid names', () => {
    const bad = getPolicy('alphago');
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('sim/unknown-bot');
      expect(bad.error.message).toContain('random, greedy, mcts');
    }
    expect(getPolicy('mcts:0').ok).toBe(false);
    expect(getPolicy('mcts:12').ok).toBe(true);
    expect(getPolicies(['greedy']).ok).toBe(false);
  });
});
