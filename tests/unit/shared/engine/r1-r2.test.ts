import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, currentDecision, legalActions, maxRoll, replayBattle } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';
import { clash, hp, mkSetup, ofType, play, respond, scripted, start } from './helpers';

const duel = (ruleset = {}) => mkSetup({ a: [{ id: 'x', die: 'd6', health: 2 }], b: [{ id: 'y', die: 'd8', health: 2 }], ruleset });
const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });

describe('R1 dice and values', () => {
  it('R1.1 recruit cost is the die value plus equipment cost, and feeds the crew value', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', cost: 9 }], b: [{ id: 'y', die: 'd8' }] });
    const s = start(setup);
    const init = ofType(s.openingEvents, 'initiative')[0]!;
    expect(init.values).toEqual({ a: 9, b: 8 });
    expect(init.side).toBe('b');
  });

  it('R1.2 active crew value drops when a member is incapacitated; starting keeps it', () => {
    const spec = (crewValue: 'active' | 'starting') =>
      mkSetup({ a: [{ id: 'cap', die: 'd6', health: 3 }, { id: 'pup', die: 'd4' }], b: [{ id: 'y', die: 'd8', health: 3 }], ruleset: { initiative: { crewValue } } });
    for (const mode of ['active', 'starting'] as const) {
      // b (8) beats a (10) for Initiative; y hits pup (absorbed); a holds twice; round 2 initiative.
      const s0 = start(spec(mode), [5]);
      const { events } = play(s0, clash('b', [['y', 'pup']]), respond('a', { pup: 'absorb' }), hold('a', 'cap'));
      const init = ofType(events, 'initiative')[0]!;
      if (mode === 'active') expect([init.values.a, init.side]).toEqual([6, 'a']);
      else expect([init.values.a, init.side]).toEqual([10, 'b']);
    }
  });

  it('R1.3 lost Health is max minus current and shows in the max roll', () => {
    const s0 = start(duel(), [6, 1, 6, 1]);
    const r1 = play(s0, clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(hp(r1.state, 'b:y')).toBe(1);
    const r2 = play(r1.state, clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    const yRoll = ofType(r2.events, 'dieRolled').find((e) => e.member === 'b:y')!;
    expect(yRoll.cap).toBe(6);
  });

  it('R1.4 max roll = sides − step × lost, never below the floor', () => {
    expect(maxRoll(CORE_RULESET, 10, 1)).toBe(8);
    expect(maxRoll(CORE_RULESET, 10, 3)).toBe(4);
    expect(maxRoll(CORE_RULESET, 4, 2)).toBe(1);
    expect(maxRoll({ ...CORE_RULESET, damage: { maxRollStep: 1, maxRollFloor: 3, cappedRoll: 'clamp' } }, 6, 5)).toBe(3);
  });

  it('R1.5 clamp counts a result above the max roll as the max roll', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd10', health: 3 }], b: [{ id: 'y', die: 'd12', health: 3 }] });
    const r1 = play(start(setup, [1, 12, 9, 3]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(hp(r1.state, 'a:x')).toBe(2);
    // round 2: a has Initiative again (10 < 12)
    const r3 = play(r1.state, clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    const roll = ofType(r3.events, 'dieRolled')[0]!;
    expect([roll.raw, roll.cap, roll.final]).toEqual([9, 8, 8]);
  });

  it('R1.5 reroll draws uniformly on 1..max roll', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd10', health: 3 }], b: [{ id: 'y', die: 'd12', health: 3 }], ruleset: { damage: { cappedRoll: 'reroll' } } });
    const dice = scripted([1, 12, 7, 3]);
    const s0 = createBattle(setup, 1, { dice });
    const r1 = play(s0, clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    play(r1.state, clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(dice.asked).toEqual([10, 12, 8, 12]);
  });

  it('R1.6 same setup, seed and decisions give identical battles; the PRNG lives in the state', () => {
    const setup = duel();
    const decisions: Action[] = [];
    let s = createBattle(setup, 99);
    while (s.phase !== 'ended') {
      const acts = legalActions(s);
      const a = acts[decisions.length % acts.length]!;
      decisions.push(a);
      const r = applyAction(s, a);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
    const again = replayBattle(setup, 99, decisions);
    expect(again.ok && again.value.state).toEqual(s);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    expect(createBattle(setup, 99).rng).not.toEqual(createBattle(setup, 100).rng);
  });
});

describe('R2 round and initiative', () => {
  it('R2.1 a battle lasts at most the scenario rounds', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8' }], rounds: 2 });
    const r = play(start(setup), hold('a', 'x'), hold('b', 'y'), hold('a', 'x'), hold('b', 'y'));
    expect(r.state.result).toEqual({ winner: null, points: { a: 0, b: 0 }, rounds: 2, reason: 'rounds' });
    expect(ofType(r.events, 'roundStarted').map((e) => e.round)).toEqual([2]);
  });

  it('R2.2 lowest crew value has Initiative; a tie is rolled off, rerolling ties', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd6' }] });
    const s = start(setup, [3, 3, 2, 5]);
    const init = ofType(s.openingEvents, 'initiative')[0]!;
    expect(init).toMatchObject({ how: 'rolloff', rolloff: [[3, 3], [2, 5]], side: 'b' });
    expect(currentDecision(s)).toEqual({ side: 'b', kind: 'turn' });
  });

  it('R2.2 initiative.tie alternate gives it to the side that did not have it', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd6' }], ruleset: { initiative: { tie: 'alternate' } } });
    const s = start(setup, [6, 1]);
    const r = play(s, hold('a', 'x'), hold('b', 'y'));
    expect(ofType(r.events, 'initiative')[0]).toMatchObject({ how: 'alternate', side: 'b' });
  });

  it('R2.3 sides alternate; a side with nobody able to act is skipped', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd4' }, { id: 'x2', die: 'd4' }, { id: 'x3', die: 'd4' }], b: [{ id: 'y', die: 'd20' }] });
    let s = start(setup);
    const order: string[] = [];
    for (const a of [hold('a', 'x'), hold('b', 'y'), hold('a', 'x2'), hold('a', 'x3')]) {
      order.push(currentDecision(s)!.side);
      s = play(s, a).state;
    }
    expect(order).toEqual(['a', 'b', 'a', 'a']);
    expect(s.round).toBe(2);
  });

  it('R2.4 a turn is exactly one Clash, Move, Interact or Hold and activates the members', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6' }], b: [{ id: 'y', die: 'd20' }], areas: ['here', 'there'] });
    const s = start(setup);
    const kinds = new Set(legalActions(s).map((a) => a.type));
    expect(kinds).toEqual(new Set(['clash', 'move', 'hold']));
    const r = play(s, { type: 'move', side: 'a', member: 'a:x', to: 'there' });
    expect(r.state.used[0]).toBe(1);
    expect(currentDecision(r.state)?.side).toBe('b');
  });

  it('R2.5 a member acts at most once per round', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6' }], b: [{ id: 'y', die: 'd20' }, { id: 'y2', die: 'd20' }] });
    const r = play(start(setup), hold('a', 'x'), hold('b', 'y'));
    const again = applyAction(r.state, hold('a', 'x'));
    expect(again.ok).toBe(false);
    expect(!again.ok && again.error.code).toBe('action/illegal');
    expect(!again.ok && again.error.message).toContain('not ready');
  });

  it('R2.6 every activation clears at the end of the round', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8' }] });
    const r = play(start(setup), hold('a', 'x'), hold('b', 'y'));
    expect(r.state.round).toBe(2);
    expect(r.state.used).toEqual([0, 0]);
    expect(ofType(r.events, 'roundEnded')).toHaveLength(1);
  });
});
