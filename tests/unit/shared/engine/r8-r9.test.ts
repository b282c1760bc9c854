import { describe, expect, it } from 'vitest';
import { applyAction, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import type { Objective } from '../../../../src/shared/model/types';
import { clash, mkSetup, ofType, play, respond, start } from './helpers';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });
const move = (side: 'a' | 'b', id: string, to: string): Action => ({ type: 'move', side, member: `${side}:${id}`, to });
const work = (side: 'a' | 'b', id: string, objective: string): Action => ({ type: 'interact', side, member: `${side}:${id}`, objective });
const areaOf = (s: { area: number[]; setup: { areas: { id: string }[] } }, i: number) => s.setup.areas[s.area[i]!]!.id;

describe('R8 Areas and movement', () => {
  it('R8.1 every member starts in its deployment Area', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', area: 'gate' }, { id: 'x2', die: 'd6' }], b: [{ id: 'y', die: 'd8', area: 'gate' }], areas: ['yard', 'gate'] });
    const s = start(setup);
    expect([0, 1, 2].map((i) => areaOf(s, i))).toEqual(['gate', 'yard', 'gate']);
  });

  it('R8.2 a move reaches any other Area, or only linked Areas when links are given', () => {
    const free = start(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8' }], areas: ['a1', 'a2', 'a3'] }));
    expect(legalActions(free).filter((a) => a.type === 'move').map((a) => (a as { to: string }).to)).toEqual(['a2', 'a3']);
    const linked = start(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8' }], areas: [{ id: 'a1', links: ['a2'] }, { id: 'a2', links: ['a1', 'a3'] }, 'a3'] }));
    const bad = applyAction(linked, move('a', 'x', 'a3'));
    expect(!bad.ok && bad.error.message).toContain('follow the Area links');
    const r = play(linked, move('a', 'x', 'a2'));
    expect(areaOf(r.state, 0)).toBe('a2');
    expect(ofType(r.events, 'moved')[0]).toMatchObject({ from: 'a1', to: 'a2' });
  });

  it('R8.3 an Area with active members of both sides is contested (blocks a blocked objective)', () => {
    const obj: Objective = { id: 'relic', name: 'Relic', area: 'ruin', kind: 'interact', whenContested: 'blocked' };
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', area: 'ruin' }, { id: 'x2', die: 'd6', area: 'ruin' }], b: [{ id: 'y', die: 'd8', area: 'ruin', cost: 20 }], areas: ['ruin', 'camp'], objectives: [obj] });
    const s = start(setup);
    expect(isLegal(s, work('a', 'x', 'relic'))).toBe(false);
    const r = play(s, hold('a', 'x'), move('b', 'y', 'camp'));
    expect(isLegal(r.state, work('a', 'x2', 'relic'))).toBe(true);
  });

  it('R8.4 leaving a contested Area is free by default; retreat roll needs retreatTarget', () => {
    const setup = (retreat: 'free' | 'roll') => mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8' }], areas: ['pit', 'out'], ruleset: { movement: { retreat, retreatTarget: 4 } } });
    expect(areaOf(play(start(setup('free')), move('a', 'x', 'out')).state, 0)).toBe('out');
    const fail = play(start(setup('roll'), [3]), move('a', 'x', 'out'));
    expect(areaOf(fail.state, 0)).toBe('pit');
    expect(ofType(fail.events, 'retreatFailed')[0]).toMatchObject({ roll: 3, target: 4 });
    expect(fail.state.used[0]).toBe(1);
    expect(areaOf(play(start(setup('roll'), [4]), move('a', 'x', 'out')).state, 0)).toBe('out');
  });

  it('R8.5 Area rules apply effects to members in the Area', () => {
    const setup = mkSetup({
      a: [{ id: 'x', die: 'd6' }],
      b: [{ id: 'y', die: 'd8' }],
      areas: [{ id: 'shrine', tags: ['holy'], effects: [{ effect: { rollModifier: 2, when: { role: 'defender' } }, source: 'Holy ground' }] }],
    });
    const r = play(start(setup, [5, 3]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ attackerResult: 5, defenderResult: 5, outcome: 'standoff' });
  });
});

const objSetup = (objectives: Objective[], extra: Partial<Parameters<typeof mkSetup>[0]> = {}) =>
  mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6' }], b: [{ id: 'y', die: 'd8', health: 2 }, { id: 'y2', die: 'd8', area: 'far' }], areas: ['near', 'far'], objectives, ...extra });

describe('R9 objectives and victory', () => {
  it('R9.1 interact needs progress actions and scores once for the first side', () => {
    const r = play(start(objSetup([{ id: 'core', name: 'Core', area: 'near', kind: 'interact', progress: 2, points: 3 }])), work('a', 'x', 'core'), hold('b', 'y'), work('a', 'x2', 'core'));
    expect(ofType(r.events, 'interacted').map((e) => e.progress)).toEqual([1, 2]);
    expect(r.state.points).toEqual([3, 0]);
    expect(isLegal(r.state, work('b', 'y', 'core'))).toBe(false);
  });

  it('R9.1 repeatable interact scores again', () => {
    const r = play(start(objSetup([{ id: 'well', name: 'Well', area: 'near', kind: 'interact', repeatable: true, points: 1 }])), work('a', 'x', 'well'), hold('b', 'y'), work('a', 'x2', 'well'));
    expect(r.state.points).toEqual([2, 0]);
  });

  it('R9.1 reach scores each round (or once) for a side with a member in the Area', () => {
    const each = play(start(objSetup([{ id: 'hill', name: 'Hill', area: 'far', kind: 'reach', points: 1 }])), hold('a', 'x'), hold('b', 'y'), hold('a', 'x2'), hold('b', 'y2'));
    expect(each.state.points).toEqual([0, 1]);
    const once = objSetup([{ id: 'hill', name: 'Hill', area: 'far', kind: 'reach', points: 1, once: true }]);
    const holds = [hold('a', 'x'), hold('b', 'y'), hold('a', 'x2'), hold('b', 'y2')];
    expect(play(start(once), ...holds, ...holds).state.points).toEqual([0, 1]);
  });

  it('R9.1 control scores for more members, or more die value with by: value', () => {
    const holds = [hold('a', 'x'), hold('b', 'y'), hold('a', 'x2'), hold('b', 'y2')];
    const count = play(start(objSetup([{ id: 'c', name: 'C', area: 'near', kind: 'control' }])), ...holds);
    expect(count.state.points).toEqual([1, 0]);
    const value = mkSetup({ a: [{ id: 'x', die: 'd4' }, { id: 'x2', die: 'd4' }], b: [{ id: 'y', die: 'd10' }], objectives: [{ id: 'c', name: 'C', area: 'field', kind: 'control', by: 'value', points: 2 }] });
    expect(play(start(value), hold('a', 'x'), hold('b', 'y'), hold('a', 'x2')).state.points).toEqual([0, 2]);
  });

  it('R9.1 eliminate scores for a named member or any enemy; side restricts who scores', () => {
    const named = objSetup([{ id: 'kill', name: 'Kill', area: 'near', kind: 'eliminate', member: 'y', points: 2 }, { id: 'any', name: 'Any', area: 'near', kind: 'eliminate', any: true, side: 'b' }], { ruleset: { captain: { lastStand: false } } });
    const r = play(start(named, [6, 1, 6, 1]), clash('a', [['x', 'y'], ['x2', 'y']]), respond('b', { y: 'absorb' }));
    expect(r.state.points).toEqual([2, 0]);
    expect(ofType(r.events, 'scored').map((e) => e.objective)).toEqual(['kill']);
  });

  it('R9.1 protect and survive score at battle end', () => {
    const setup = objSetup([{ id: 'vip', name: 'VIP', area: 'near', kind: 'protect', member: 'y2', points: 2 }, { id: 'live', name: 'Live', area: 'near', kind: 'survive', count: 2 }], { rounds: 1 });
    const r = play(start(setup), hold('a', 'x'), hold('b', 'y'), hold('a', 'x2'), hold('b', 'y2'));
    expect(r.state.result).toMatchObject({ points: { a: 1, b: 3 }, winner: 'b', reason: 'rounds' });
  });

  it('R9.2 Interact needs the Area; whenContested roll needs difficulty', () => {
    const far = objSetup([{ id: 'o', name: 'O', area: 'far', kind: 'interact' }]);
    const bad = applyAction(start(far), work('a', 'x', 'o'));
    expect(!bad.ok && bad.error.message).toContain('move there first');
    const roll = objSetup([{ id: 'o', name: 'O', area: 'near', kind: 'interact', whenContested: 'roll', difficulty: 5 }]);
    const failed = play(start(roll, [4]), work('a', 'x', 'o'));
    expect(ofType(failed.events, 'interacted')[0]).toMatchObject({ success: false, progress: 0 });
    expect(play(start(roll, [5]), work('a', 'x', 'o')).state.points).toEqual([1, 0]);
  });

  it('R9.3 resetOnDamage clears a side’s progress when its last worker is hurt', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', health: 2 }, { id: 'x2', die: 'd6' }], b: [{ id: 'y', die: 'd8', cost: 20 }], objectives: [{ id: 'o', name: 'O', area: 'field', kind: 'interact', progress: 3, resetOnDamage: true }] });
    const r = play(start(setup, [5]), work('a', 'x', 'o'), clash('b', [['y', 'x']]));
    // x already acted, so it must absorb: the Clash resolves at once.
    const r2 = r;
    expect(ofType(r2.events, 'progressReset')).toHaveLength(1);
    expect(r2.state.progress[0]).toBe(0);
  });

  it('R9.4 end-of-round objectives score after the last turn, before the round ends', () => {
    const r = play(start(objSetup([{ id: 'hill', name: 'Hill', area: 'near', kind: 'reach' }])), hold('a', 'x'), hold('b', 'y'), hold('a', 'x2'), hold('b', 'y2'));
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('scored')).toBeLessThan(types.indexOf('roundEnded'));
    expect(types.indexOf('scored')).toBeGreaterThan(types.lastIndexOf('held'));
  });

  it('R9.5 the battle ends on elimination, endWhen points or all objectives done; more points wins', () => {
    const pts = objSetup([{ id: 'w', name: 'W', area: 'near', kind: 'interact', repeatable: true, points: 2 }], { endWhen: { points: 2 } });
    expect(play(start(pts), work('a', 'x', 'w')).state.result).toMatchObject({ reason: 'points', winner: 'a', rounds: 1 });
    const done = objSetup([{ id: 'w', name: 'W', area: 'near', kind: 'interact' }], { endWhen: { allObjectivesDone: true } });
    expect(play(start(done), work('a', 'x', 'w')).state.result?.reason).toBe('allObjectivesDone');
    const kill = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8' }], perEnemyIncapacitated: 1, ruleset: { captain: { lastStand: false } } });
    const r = play(start(kill, [6]), clash('a', [['x', 'y']]), respond('b', { y: 'absorb' }));
    expect(r.state.result).toEqual({ winner: 'a', points: { a: 1, b: 0 }, rounds: 1, reason: 'elimination' });
    expect(ofType(r.events, 'battleEnded')).toHaveLength(1);
  });
});
