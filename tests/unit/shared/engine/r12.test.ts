import { describe, expect, it } from 'vitest';
import { currentDecision, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { FLAG } from '../../../../src/shared/engine/types';
import { clash, flagsOf, hp, mkSetup, ofType, play, respond, start } from './helpers';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });

describe('R12 optional modules', () => {
  it('R12 multipleAttackers keepHighest: several attackers on one target roll together as one pair', () => {
    const setup = (multipleAttackers: 'separate' | 'keepHighest') =>
      mkSetup({ a: [{ id: 'x1', die: 'd6' }, { id: 'x2', die: 'd8' }], b: [{ id: 'y', die: 'd20', health: 3 }], ruleset: { clash: { multipleAttackers } } });
    const r = play(start(setup('keepHighest'), [2, 7, 5]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'pairResolved')).toHaveLength(1);
    expect(ofType(r.events, 'groupRolled')[0]).toMatchObject({ mode: 'group', best: 7, bonus: 0, final: 7 });
    expect(hp(r.state, 'b:y')).toBe(2);
    const lost = play(start(setup('keepHighest'), [2, 3, 5]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(currentDecision(lost.state)).toEqual({ side: 'b', kind: 'swarmLoss' });
    const sep = play(start(setup('separate'), [2, 7, 5, 1]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(sep.events, 'pairResolved')).toHaveLength(2);
  });

  it('R12 Retreat: movement.retreat roll keeps a member that fails in the contested Area', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6', area: 'safe' }], b: [{ id: 'y', die: 'd20' }], areas: ['fight', 'safe'], ruleset: { movement: { retreat: 'roll', retreatTarget: 5 } } });
    const fail = play(start(setup, [4]), { type: 'move', side: 'a', member: 'a:x', to: 'safe' });
    expect(ofType(fail.events, 'retreatFailed')).toHaveLength(1);
    // Leaving an uncontested Area needs no roll.
    const free = play(fail.state, hold('b', 'y'), { type: 'move', side: 'a', member: 'a:x2', to: 'fight' });
    expect(ofType(free.events, 'moved')).toHaveLength(1);
  });

  it('R12 morale: an npc crew checks on its first casualty and flees on a roll below the target', () => {
    const setup = (npc: boolean, enabled: boolean) =>
      mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6' }], b: [{ id: 'boss', die: 'd10', health: 3, cost: 40 }, { id: 'grunt', die: 'd4', captain: false }, { id: 'grunt2', die: 'd4', captain: false }], npc: [false, npc], ruleset: { morale: { enabled, target: 4 } } });
    const r = play(start(setup(true, true), [6, 3]), clash('a', [['x', 'grunt']]), respond('b', { grunt: 'absorb' }));
    expect(ofType(r.events, 'morale')[0]).toMatchObject({ side: 'b', roller: 'b:boss', roll: 3, fled: true });
    expect(flagsOf(r.state, 'b:boss') & FLAG.fled).toBeTruthy();
    expect(r.state.result?.reason).toBe('elimination');
    const held = play(start(setup(true, true), [6, 4, 6, 5]), clash('a', [['x', 'grunt']]), respond('b', { grunt: 'absorb' }));
    expect(ofType(held.events, 'morale')[0]!.fled).toBe(false);
    // second trigger: half the crew down (2 of 3 after grunt2 falls)
    const half = play(held.state, hold('b', 'boss'), clash('a', [['x2', 'grunt2']]), respond('b', { grunt2: 'absorb' }));
    expect(ofType(half.events, 'morale')).toMatchObject([{ roll: 5, fled: false }]);
    for (const [npc, enabled] of [[false, true], [true, false]] as const) {
      const off = play(start(setup(npc, enabled), [6]), clash('a', [['x', 'grunt']]), respond('b', { grunt: 'absorb' }));
      expect(ofType(off.events, 'morale')).toHaveLength(0);
    }
  });

  it('R12 initiative.mode startOfCombat: in round 1 members rolling ≥ target act first', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6' }], b: [{ id: 'y', die: 'd8' }, { id: 'y2', die: 'd8' }], ruleset: { initiative: { mode: 'startOfCombat', target: 4 } } });
    const s = start(setup, [1, 2, 5, 3]);
    expect(ofType(s.openingEvents, 'startOfCombat')[0]!.members).toEqual(['b:y']);
    expect(currentDecision(s)).toEqual({ side: 'b', kind: 'turn' });
    expect(legalActions(s).every((a) => a.type !== 'hold' || a.member === 'b:y')).toBe(true);
    expect(isLegal(s, hold('b', 'y2'))).toBe(false);
    const after = play(s, hold('b', 'y')).state;
    // first phase over: normal alternation, a has Initiative (12 < 16)
    expect(currentDecision(after)).toEqual({ side: 'a', kind: 'turn' });
    expect(isLegal(after, hold('a', 'x'))).toBe(true);
  });
});
