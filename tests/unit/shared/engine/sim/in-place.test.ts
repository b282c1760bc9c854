import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, legalActions } from '../../../../../src/shared/engine';
import type { BattleSetup, BattleState } from '../../../../../src/shared/engine';
import { applyActionInPlace } from '../../../../../src/shared/engine/apply';
import { greedyPolicy, randomPolicy } from '../../../../../src/shared/engine/bots';
import type { Policy } from '../../../../../src/shared/engine/bots';
import { playBattle } from '../../../../../src/shared/engine/sim/runner';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from '../bots/example-setups';
import { VARIANTS, variantSetup as applyVariant } from './variants';

const variantSetup = (scenario: string, change: (s: BattleSetup) => void): BattleSetup => applyVariant(exampleSetup(scenario), change);

/** Plays a battle twice in lockstep, pure and in place; every step must give equal events and states. */
const lockstep = (setup: BattleSetup, policy: Policy, seed: number): number => {
  let pure = createBattle(setup, seed);
  const owned = createBattle(setup, seed);
  const rng = createBotRng(seed);
  let steps = 0;
  while (pure.phase !== 'ended') {
    const action = policy.decide(pure, rng);
    const a = applyAction(pure, action);
    const b = applyActionInPlace(owned, action);
    if (!a.ok || !b.ok) throw new Error('a bot chose an illegal action');
    expect(b.value).toEqual(a.value.events);
    expect(owned).toEqual(a.value.state);
    pure = a.value.state;
    steps++;
  }
  return steps;
};

describe('applyActionInPlace (sim hot path)', () => {
  it('gives the same events and state as applyAction, step by step, under every variant', () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (const [, change] of VARIANTS) {
        const setup = variantSetup(scenario, change);
        expect(lockstep(setup, randomPolicy(), 11)).toBeGreaterThan(3);
        expect(lockstep(setup, greedyPolicy(), 12)).toBeGreaterThan(3);
      }
    }
  });

  it('leaves the state untouched and names the problem on an illegal action', () => {
    const state = createBattle(exampleSetup('glass-temple'), 3);
    const before: BattleState = JSON.parse(JSON.stringify(state)) as BattleState;
    const wrongSide = state.setup.sides[1 - state.side].id;
    const legal = legalActions(state)[0]!;
    const r = applyActionInPlace(state, { ...legal, side: wrongSide } as typeof legal);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('action/illegal');
    const bad = applyActionInPlace(state, { type: 'move', side: state.setup.sides[state.side].id, member: 'nobody', to: 'nowhere' });
    expect(bad.ok).toBe(false);
    expect(JSON.parse(JSON.stringify(state))).toEqual(before);
  });

  it('lets the runner play the same battle as a pure replay of its decisions', () => {
    for (const [, change] of VARIANTS) {
      const setup = variantSetup('marrow-market', change);
      const played = playBattle(setup, [greedyPolicy(), randomPolicy()], 5, 9, true);
      if (!played.ok) throw new Error(played.error.message);
      let state = createBattle(setup, 5);
      const events = [...state.openingEvents];
      for (const d of played.value.decisions) {
        const next = applyAction(state, d);
        if (!next.ok) throw new Error(next.error.message);
        events.push(...next.value.events);
        state = next.value.state;
      }
      expect(played.value.events).toEqual(events);
      expect(played.value.state).toEqual(state);
    }
  });
});
