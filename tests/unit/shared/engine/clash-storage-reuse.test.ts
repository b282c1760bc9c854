import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleState } from '../../../../src/shared/engine';
import { ActionBuffer, enumerateActions, pendingTargets } from '../../../../src/shared/engine/action-codes';
import { applyCode } from '../../../../src/shared/engine/apply';
import { randomPolicy } from '../../../../src/shared/engine/bots';
import { compile } from '../../../../src/shared/engine/compiled';
import { listedActions } from '../../../../src/shared/engine/legal';
import { clashOf } from '../../../../src/shared/engine/pending-clash';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';

/** Plays battle `seed` of `scenario` with random codes on one buffer, calling `atResponse` at every response decision. */
const playCodes = (scenario: string, seed: number, buf: ActionBuffer, atResponse: (s: BattleState) => void): BattleState => {
  const setup = exampleSetup(scenario);
  const c = compile(setup);
  const policy = randomPolicy();
  const rng = createBotRng(seed);
  const s = createBattle(setup, seed);
  while (s.phase !== 'ended') {
    if (s.phase === 'respond') {
      enumerateActions(s, c, buf, listedActions);
      atResponse(s);
    }
    applyCode(s, policy.choose!(s, rng, buf), buf, null, c);
  }
  return s;
};

describe('response codes on a reused buffer (action-codes.ts responseCodes, issue 13)', () => {
  it('R3.2 the buffer holds exactly the pending targets and the ready ones, however many the last response had', () => {
    const buf = new ActionBuffer();
    const lengths = new Set<string>();
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (let seed = 1; seed <= 30; seed++) {
        playCodes(scenario, seed, buf, (s) => {
          const expected = pendingTargets(s, compile(s.setup));
          expect(buf.targets).toEqual(expected.targets);
          expect(buf.ready).toEqual(expected.ready);
          lengths.add(`${buf.targets.length}/${buf.ready.length}`);
        });
      }
    }
    // The arrays both grew and were cut between decisions.
    expect(lengths.size).toBeGreaterThan(2);
  });
});

describe('the pending-Clash storage of the last state given one (pending-clash.ts clashOf, issue 13)', () => {
  it('R3.1 each state reads its own; a new battle takes an ended one’s over, and the ended state then gets fresh storage', () => {
    const setup = exampleSetup('drowned-foundry');
    const waiting = createBattle(setup, 1);
    const w1 = clashOf(waiting);
    const ended = playCodes('drowned-foundry', 4, new ActionBuffer(), () => {});
    const w2 = clashOf(ended);
    expect(w2).not.toBe(w1);
    expect(clashOf(ended)).toBe(w2);
    // Not the state given storage last: its own, found on it.
    expect(clashOf(waiting)).toBe(w1);
    const next = createBattle(setup, 5);
    expect(clashOf(next)).toBe(w2);
    expect(clashOf(next)).toBe(w2);
    const fresh = clashOf(ended);
    expect(fresh).not.toBe(w2);
    expect(fresh).not.toBe(w1);
    expect(clashOf(waiting)).toBe(w1);
  });
});
