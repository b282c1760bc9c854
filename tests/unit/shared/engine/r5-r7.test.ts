import { describe, expect, it } from 'vitest';
import { applyAction, currentDecision, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { FLAG } from '../../../../src/shared/engine/types';
import { clash, flagsOf, hp, mkSetup, ofType, play, respond, start } from './helpers';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });

describe('R5 damage and incapacitation', () => {
  it('R5.1 a win deals 1 damage; damage effects change it, armor reduces it (not below 0)', () => {
    const setup = (damage: number, armor: number) =>
      mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ damage }] }], b: [{ id: 'y', die: 'd8', health: 5, effects: [{ armor }] }] });
    const hit = (d: number, a: number) => hp(play(start(setup(d, a), [6, 1]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' })).state, 'b:y');
    expect(hit(1, 0)).toBe(4);
    expect(hit(3, 1)).toBe(3);
    expect(hit(1, 2)).toBe(5);
  });

  it('R5.2 Health never goes below 0', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ damage: 5 }] }], b: [{ id: 'cap', die: 'd20', health: 2 }, { id: 'y', die: 'd8', captain: false }] });
    const r = play(start(setup, [6]), clash('a', [['x', 'y']]), respond('b', { y: 'absorb' }));
    expect(hp(r.state, 'b:y')).toBe(0);
    expect(ofType(r.events, 'damage')[0]).toMatchObject({ amount: 5, health: 0 });
  });

  it('R5.3 an incapacitated member cannot act or be targeted', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6' }], b: [{ id: 'cap', die: 'd20', health: 3 }, { id: 'y', die: 'd8', captain: false }] });
    const r = play(start(setup, [6]), clash('a', [['x', 'y']]), respond('b', { y: 'absorb' }));
    expect(flagsOf(r.state, 'b:y') & FLAG.incapacitated).toBeTruthy();
    expect(ofType(r.events, 'incapacitated').map((e) => e.member)).toEqual(['b:y']);
    expect(isLegal(r.state, hold('b', 'y'))).toBe(false);
    const next = play(r.state, hold('b', 'cap')).state;
    expect(isLegal(next, clash('a', [['x2', 'y']]))).toBe(false);
    expect(legalActions(next).every((a) => a.type !== 'clash' || a.attacks.every((x) => x.target !== 'b:y'))).toBe(true);
  });
});

const swarmSetup = (ruleset = {}, extra: { id: string; die: 'd4' | 'd6' }[] = []) =>
  mkSetup({
    a: [{ id: 'r1', die: 'd4' }, { id: 'r2', die: 'd4' }, { id: 'r3', die: 'd4' }, { id: 'r4', die: 'd4' }, ...extra],
    b: [{ id: 'big', die: 'd20', health: 4, cost: 40 }],
    ruleset,
  });
const allOn = (ids: string[]): [string, string][] => ids.map((id) => [id, 'big']);

describe('R6 Swarm', () => {
  it('R6.1 three or more same-die attackers on one enemy may be declared a Swarm, each in one Swarm', () => {
    const s = start(swarmSetup({}, [{ id: 'odd', die: 'd6' }]));
    expect(isLegal(s, clash('a', allOn(['r1', 'r2', 'r3']), [['r1', 'r2', 'r3']]))).toBe(true);
    expect(isLegal(s, clash('a', allOn(['r1', 'r2']), [['r1', 'r2']]))).toBe(false);
    expect(isLegal(s, clash('a', allOn(['r1', 'r2', 'odd']), [['r1', 'r2', 'odd']]))).toBe(false);
    expect(isLegal(s, clash('a', allOn(['r1', 'r2', 'r3', 'r4']), [['r1', 'r2', 'r3'], ['r3', 'r4', 'r1']]))).toBe(false);
    expect(legalActions(s).some((a) => a.type === 'clash' && (a.swarms?.length ?? 0) > 0)).toBe(true);
  });

  it('R6.2 a Swarm keeps its highest die and adds bonusPerExtra beyond minSize', () => {
    const r = play(start(swarmSetup({ swarm: { bonusPerExtra: 1 } }), [2, 4, 1, 3, 5]), clash('a', allOn(['r1', 'r2', 'r3', 'r4']), [['r1', 'r2', 'r3', 'r4']]), respond('b', { big: 'defend' }));
    expect(ofType(r.events, 'groupRolled')[0]).toMatchObject({ best: 4, bonus: 1, final: 5 });
    expect(ofType(r.events, 'pairResolved')).toHaveLength(1);
    expect(ofType(r.events, 'pairResolved')[0]!.outcome).toBe('standoff');
  });

  it('R6.3 a winning Swarm deals swarm.damage; a losing one loses the member the responder chooses', () => {
    const win = play(start(swarmSetup({ swarm: { damage: 2 } }), [4, 1, 1, 3]), clash('a', allOn(['r1', 'r2', 'r3']), [['r1', 'r2', 'r3']]), respond('b', { big: 'defend' }));
    expect(hp(win.state, 'b:big')).toBe(2);
    const lose = play(start(swarmSetup(), [1, 2, 3, 9]), clash('a', allOn(['r1', 'r2', 'r3']), [['r1', 'r2', 'r3']]), respond('b', { big: 'defend' }));
    expect(currentDecision(lose.state)).toEqual({ side: 'b', kind: 'swarmLoss' });
    expect(legalActions(lose.state).map((a) => (a as { member: string }).member)).toEqual(['a:r1', 'a:r2', 'a:r3']);
    expect(applyAction(lose.state, { type: 'swarmLoss', side: 'b', member: 'a:r4' }).ok).toBe(false);
    const after = play(lose.state, { type: 'swarmLoss', side: 'b', member: 'a:r2' });
    expect(hp(after.state, 'a:r2')).toBe(0);
    expect(currentDecision(after.state)?.kind).toBe('turn');
  });

  it('R6.3 lossTarget highestRoll and random pick the member without asking', () => {
    const high = play(start(swarmSetup({ swarm: { lossTarget: 'highestRoll' } }), [1, 3, 2, 9]), clash('a', allOn(['r1', 'r2', 'r3']), [['r1', 'r2', 'r3']]), respond('b', { big: 'defend' }));
    expect(ofType(high.events, 'swarmLoss')[0]).toMatchObject({ member: 'a:r2', how: 'highestRoll' });
    const rnd = play(start(swarmSetup({ swarm: { lossTarget: 'random' } }), [1, 3, 2, 9, 3]), clash('a', allOn(['r1', 'r2', 'r3']), [['r1', 'r2', 'r3']]), respond('b', { big: 'defend' }));
    expect(ofType(rnd.events, 'swarmLoss')[0]).toMatchObject({ member: 'a:r3', how: 'random' });
  });

  it('R6.4 an absorbed Swarm pair follows R4.4 with the Swarm result', () => {
    const setup = swarmSetup({ clash: { absorb: 'threshold', absorbThreshold: 4 } });
    const r = play(start(setup, [1, 4, 2]), clash('a', allOn(['r1', 'r2', 'r3']), [['r1', 'r2', 'r3']]), respond('b', { big: 'absorb' }));
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ attackerResult: 4, outcome: 'attacker', defender: null });
    expect(hp(r.state, 'b:big')).toBe(3);
  });
});

const captainDuel = (captain = {}) => mkSetup({ a: [{ id: 'x', die: 'd4', health: 3 }], b: [{ id: 'boss', die: 'd10', health: 1 }], ruleset: { captain } });

describe('R7 the Captain', () => {
  it('R7.1 every crew has exactly one Captain (mkSetup makes the first member Captain; buildSetup refuses otherwise)', () => {
    const s = start(captainDuel());
    expect(s.setup.sides.map((side) => side.members.filter((m) => m.captain).length)).toEqual([1, 1]);
  });

  it('R7.2 a Captain at 0 Health enters Last Stand, keeps acting, and its max roll becomes lastStandMaxRoll', () => {
    const r = play(start(captainDuel(), [4, 1, 4, 9]), clash('a', [['x', 'boss']]), respond('b', { boss: 'defend' }));
    expect(ofType(r.events, 'lastStand').map((e) => e.member)).toEqual(['b:boss']);
    expect(flagsOf(r.state, 'b:boss') & FLAG.incapacitated).toBe(0);
    expect(r.state.phase).not.toBe('ended');
    // Round 2: a (4) still has Initiative; boss defends with max roll 2.
    const r2 = play(r.state, clash('a', [['x', 'boss']]), respond('b', { boss: 'defend' }));
    const bossRoll = ofType(r2.events, 'dieRolled').find((e) => e.member === 'b:boss');
    expect(bossRoll?.cap).toBe(2);
  });

  it('R7.3 a Captain in Last Stand is incapacitated after lastStandLosses more lost pairs', () => {
    const r = play(start(captainDuel({ lastStandLosses: 2 }), [4, 1, 4, 1]), clash('a', [['x', 'boss']]), respond('b', { boss: 'defend' }), clash('a', [['x', 'boss']]), respond('b', { boss: 'defend' }));
    expect(ofType(r.events, 'lastStandLoss')).toHaveLength(1);
    expect(r.state.phase).not.toBe('ended');
    const r2 = play(r.state, clash('a', [['x', 'boss']]));
    expect(r2.state.phase).toBe('respond');
  });

  it('R7.4 lastStand false makes the Captain fall like anyone else', () => {
    const r = play(start(captainDuel({ lastStand: false }), [4, 1]), clash('a', [['x', 'boss']]), respond('b', { boss: 'defend' }));
    expect(ofType(r.events, 'lastStand')).toHaveLength(0);
    expect(ofType(r.events, 'incapacitated').map((e) => e.member)).toEqual(['b:boss']);
    expect(r.state.result?.reason).toBe('elimination');
  });
});
