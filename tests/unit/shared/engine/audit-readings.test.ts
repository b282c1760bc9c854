/**
 * The audit's findings on the core engine: interception's roll-effect context (R3.3), end-of-round
 * scoring when a battle ends mid-round (R9.4/R9.5 knob), and the firstStrike second stage (R4.5 +
 * R11), each pinned with its rule.
 */
import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../../../src/shared/engine';
import type { Effect } from '../../../../src/shared/model/types';
import { clash, hp, mkSetup, ofType, play, respond, start } from './helpers';

describe('R3.3 interception: every effect of the pair sees the interceptor', () => {
  const setup = (attacker: Effect[]) =>
    mkSetup({
      a: [{ id: 'x', die: 'd6', effects: attacker }],
      b: [
        { id: 'boss', die: 'd4', cost: 40 },
        { id: 'bot', die: 'd6', type: 'machine', captain: false },
        { id: 'mut', die: 'd6', type: 'mutant', captain: false },
      ],
      ruleset: { clash: { interception: true } },
    });

  it('R3.3 a rollModifier against machines does not apply against an intercepting mutant', () => {
    const r = play(start(setup([{ rollModifier: 3, when: { opponentType: 'machine' } }]), [2, 4]), clash('a', [['x', 'bot']]), respond('b', {}, { bot: 'mut' }));
    expect(ofType(r.events, 'dieRolled')[0]).toMatchObject({ member: 'a:x', modifiers: 0, final: 2 });
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ defender: 'b:mut', outcome: 'defender' });
    // Without the interceptor the machine faces the +3.
    const direct = play(start(setup([{ rollModifier: 3, when: { opponentType: 'machine' } }]), [2, 4]), clash('a', [['x', 'bot']]), respond('b', { bot: 'defend' }));
    expect(ofType(direct.events, 'dieRolled')[0]).toMatchObject({ modifiers: 3, final: 5 });
  });

  it('R3.3 a reroll against machines is not used against an intercepting mutant', () => {
    const r = play(start(setup([{ reroll: 'once', when: { opponentType: 'machine' } }]), [2, 4]), clash('a', [['x', 'bot']]), respond('b', {}, { bot: 'mut' }));
    expect(ofType(r.events, 'dieRolled').filter((e) => e.purpose === 'reroll')).toEqual([]);
    expect(hp(r.state, 'b:bot')).toBe(1);
  });

  it('R3.3 the log says the interceptor intercepts, and does not say the target defends', () => {
    const s = setup([]);
    const r = play(start(s, [2, 4]), clash('a', [['x', 'bot']]), respond('b', {}, { bot: 'mut' }));
    const line = describeEvent(ofType(r.events, 'responses')[0]!, s);
    expect(line).toBe('Side B responds: mut intercepts for bot.');
  });
});

describe('R9.4 R9.5 scoring.endOfRoundOnEarlyEnd', () => {
  const setup = (on: boolean) =>
    mkSetup({
      a: [{ id: 'x', die: 'd6' }],
      b: [{ id: 'y', die: 'd8' }],
      areas: ['field', 'hill'],
      objectives: [{ id: 'hill', name: 'Hill', area: 'field', kind: 'reach', points: 3 }],
      ruleset: { scoring: { endOfRoundOnEarlyEnd: on }, captain: { lastStand: false } },
    });

  it('R9.4 default false: a battle that ends mid-round skips that round\'s end-of-round scoring', () => {
    const r = play(start(setup(false), [5, 1]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(r.state.result).toMatchObject({ reason: 'elimination', points: { a: 0, b: 0 } });
  });

  it('R9.4 true: the round\'s reach and control objectives score before the battle ends', () => {
    const r = play(start(setup(true), [5, 1]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(r.state.result).toMatchObject({ reason: 'elimination', points: { a: 3, b: 0 }, winner: 'a' });
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('scored')).toBeLessThan(types.indexOf('battleEnded'));
  });

  it('R9.4 true: a battle that ends at a round end scores that round once', () => {
    const s = mkSetup({ ...{ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd4' }] }, rounds: 1, objectives: [{ id: 'hill', name: 'Hill', area: 'field', kind: 'reach', points: 3 }], ruleset: { scoring: { endOfRoundOnEarlyEnd: true } } });
    const r = play(start(s), { type: 'hold', side: 'b', member: 'b:y' }, { type: 'hold', side: 'a', member: 'a:x' });
    expect(ofType(r.events, 'scored')).toHaveLength(2);
    expect(r.state.result).toMatchObject({ reason: 'rounds', points: { a: 3, b: 3 } });
  });
});

describe('R4.5 + R11 firstStrike under simultaneous timing: the second stage', () => {
  it('R4.5 R11 second-stage pairs roll with the Health left after the first-strike damage landed', () => {
    // x1 strikes first and wounds y (d8, 2 Health); y then rolls against x2 with max roll 6, not 8.
    const setup = mkSetup({
      a: [{ id: 'x1', die: 'd6', effects: [{ firstStrike: true }] }, { id: 'x2', die: 'd6' }],
      b: [{ id: 'boss', die: 'd20', health: 3, cost: 50 }, { id: 'y', die: 'd8', health: 2, captain: false }],
    });
    const r = play(start(setup, [5, 2, 3, 8]), clash('a', [['x2', 'y'], ['x1', 'y']]), respond('b', { y: 'defend' }));
    const rolls = ofType(r.events, 'dieRolled').filter((e) => e.member === 'b:y');
    expect(rolls.map((e) => e.cap)).toEqual([8, 6]);
    expect(rolls[1]).toMatchObject({ raw: 8, final: 6 });
  });
});

describe('R9.1 eliminate/protect name a member by id or by full key', () => {
  const mirror = (member: string) =>
    mkSetup({
      a: [{ id: 'boss', die: 'd6', health: 3 }, { id: 'x', die: 'd4' }],
      b: [{ id: 'boss', die: 'd6', health: 3, cost: 40 }, { id: 'x', die: 'd4' }],
      objectives: [{ id: 'kill', name: 'Kill', area: 'field', kind: 'eliminate', member, points: 5 }],
    });

  it('R9.1 a full key such as b:x names only that side\'s member in a mirror match', () => {
    // a's x takes out b's x: the objective names b:x, so a scores.
    const hitB = play(start(mirror("b:x"), [3]), clash('a', [['x', 'x']]), respond('b', { x: 'absorb' }));
    expect(hitB.state.points).toEqual([5, 0]);
    const named = mirror('a:x');
    const hitOther = play(start(named, [3]), clash('a', [['x', 'x']]), respond('b', { x: 'absorb' }));
    expect(hitOther.state.points).toEqual([0, 0]);
  });
});
