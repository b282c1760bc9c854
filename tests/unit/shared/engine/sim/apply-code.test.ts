import { describe, expect, it } from 'vitest';
import { applyAction, createBattle } from '../../../../../src/shared/engine';
import type { BattleEvent, BattleSetup } from '../../../../../src/shared/engine';
import { ActionBuffer, decodeAction, enumerateActions } from '../../../../../src/shared/engine/action-codes';
import { applyCode } from '../../../../../src/shared/engine/apply';
import { greedyPolicy, randomPolicy } from '../../../../../src/shared/engine/bots';
import type { Policy } from '../../../../../src/shared/engine/bots';
import { compile } from '../../../../../src/shared/engine/compiled';
import { pendingView, showPending } from '../../../../../src/shared/engine/pending-clash';
import { listedActions } from '../../../../../src/shared/engine/legal';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from '../bots/example-setups';
import { REFERENCE_VARIANTS, variantSetup } from './variants';

/**
 * Plays a battle three times in lockstep from the bot's action codes: validated (`applyAction` of
 * the decoded action), trusted with events (`applyCode`) and trusted without events. Every step
 * must give the same state, and the same events where they are kept.
 */
const lockstep = (setup: BattleSetup, policy: Policy, seed: number): number => {
  const c = compile(setup);
  let pure = createBattle(setup, seed);
  const logged = createBattle(setup, seed);
  const silent = createBattle(setup, seed);
  const rng = createBotRng(seed);
  const buf = new ActionBuffer();
  let steps = 0;
  while (pure.phase !== 'ended') {
    const code = policy.choose!(pure, rng, buf);
    const action = decodeAction(pure, c, code, buf);
    const a = applyAction(pure, action);
    if (!a.ok) throw new Error(`the bot chose an illegal action: ${a.error.message}`);
    // The trusted states enumerate the same codes (they are equal to the pure one so far).
    enumerateActions(logged, c, buf, listedActions);
    const events: BattleEvent[] = [];
    applyCode(logged, code, buf, events);
    applyCode(silent, code, buf, null);
    expect(events).toEqual(a.value.events);
    // The trusted path keeps the pending Clash in its storage only: its public view must match.
    expect(pendingView(logged)).toEqual(a.value.state.pending);
    expect(pendingView(silent)).toEqual(a.value.state.pending);
    expect(showPending(logged)).toEqual(a.value.state);
    expect(showPending(silent)).toEqual(a.value.state);
    pure = a.value.state;
    steps++;
  }
  return steps;
};

describe('applyCode: the trusted entry point of the same rules (issue 13 item 1)', () => {
  it('gives the same state and events as applyAction of the decoded action, step by step, in every variant', () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (const [, change] of REFERENCE_VARIANTS) {
        const setup = variantSetup(exampleSetup(scenario), change);
        expect(lockstep(setup, randomPolicy(), 21)).toBeGreaterThan(3);
        expect(lockstep(setup, greedyPolicy(), 22)).toBeGreaterThan(3);
      }
    }
  });
});
