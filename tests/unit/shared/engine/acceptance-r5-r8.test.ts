/**
 * Acceptance review of R5–R8 (issue 3): damage and armor, Swarm eligibility and every Swarm
 * knob, the Captain's Last Stand, Area links and the Retreat roll. Scripted dice throughout.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, currentDecision, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { FLAG } from '../../../../src/shared/engine';
import type { MemberSpec, SetupSpec } from './helpers';
import { clash, flagsOf, hp, mkSetup, ofType, play, respond, start } from './helpers';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });

describe('R5 acceptance', () => {
  const hit = (attacker: MemberSpec['effects'], defender: MemberSpec['effects']) => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: attacker }], b: [{ id: 'y', die: 'd8', health: 5, effects: defender }] });
    return play(start(setup, [6, 1]), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
  };
  it('R5.1 a win deals 1; damage N deals N; armor reduces it, never below 0 (no Health lost)', () => {
    expect(hp(hit([], []).state, 'b:y')).toBe(4);
    expect(hp(hit([{ damage: 3 }], []).state, 'b:y')).toBe(2);
    expect(hp(hit([{ damage: 3 }], [{ armor: 1 }]).state, 'b:y')).toBe(3);
    const blocked = hit([], [{ armor: 5 }]);
    expect(hp(blocked.state, 'b:y')).toBe(5);
    expect(ofType(blocked.events, 'damage')[0]).toMatchObject({ amount: 0, armor: 5, health: 5 });
  });

  it('R5.2/R5.3 Health stops at 0 and a non-Captain at 0 is incapacitated and untargetable', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ damage: 4 }] }, { id: 'x2', die: 'd6' }], b: [{ id: 'cap', die: 'd20', captain: true, area: 'far' }, { id: 'y', die: 'd8', health: 2 }], areas: ['field', 'far'] });
    const r = play(start(setup, [6]), clash('a', [['x', 'y']]), respond('b', { y: 'absorb' }));
    expect(hp(r.state, 'b:y')).toBe(0);
    expect(flagsOf(r.state, 'b:y') & FLAG.incapacitated).toBeTruthy();
    expect(isLegal(play(r.state, hold('b', 'cap')).state, clash('a', [['x2', 'y']]))).toBe(false);
  });
});

/** a: four d6 and one d8; b: one d20 Captain t (3 Health, made expensive so a has Initiative). */
const swarmSetup = (ruleset: SetupSpec['ruleset'] = {}, extra: Partial<Record<string, MemberSpec['effects']>> = {}) =>
  mkSetup({
    a: [...['s1', 's2', 's3', 's4'].map((id) => ({ id, die: 'd6' as const, effects: extra[id] })), { id: 'w', die: 'd8' as const, effects: extra.w }],
    b: [{ id: 't', die: 'd20', health: 3, cost: 99 }, { id: 'u', die: 'd4', cost: 1 }],
    ruleset,
  });
const on = (ids: string[], target = 't'): [string, string][] => ids.map((id) => [id, target]);

describe('R6 acceptance', () => {
  it('R6.1 a Swarm needs minSize attackers with one die type on one enemy, each in one Swarm', () => {
    const s = start(swarmSetup());
    expect(isLegal(s, clash('a', on(['s1', 's2', 's3']), [['s1', 's2', 's3']]))).toBe(true);
    expect(isLegal(s, clash('a', on(['s1', 's2']), [['s1', 's2']]))).toBe(false);
    expect(isLegal(s, clash('a', on(['s1', 's2', 'w']), [['s1', 's2', 'w']]))).toBe(false);
    expect(isLegal(s, clash('a', [...on(['s1', 's2']), ['s3', 'u']], [['s1', 's2', 's3']]))).toBe(false);
    expect(isLegal(s, clash('a', on(['s1', 's2', 's3', 's4']), [['s1', 's2', 's3'], ['s1', 's4', 's2']]))).toBe(false);
    expect(isLegal(start(swarmSetup({ swarm: { minSize: 2 } })), clash('a', on(['s1', 's2']), [['s1', 's2']]))).toBe(true);
    // Declaring is optional: the same attacks without a Swarm are three separate pairs.
    expect(isLegal(s, clash('a', on(['s1', 's2', 's3'])))).toBe(true);
  });

  it('R6.1 swarm: always joins whatever its die; swarm: never may not join', () => {
    expect(isLegal(start(swarmSetup({}, { w: [{ swarm: 'always' }] })), clash('a', on(['s1', 's2', 'w']), [['s1', 's2', 'w']]))).toBe(true);
    expect(isLegal(start(swarmSetup({}, { s1: [{ swarm: 'never' }] })), clash('a', on(['s1', 's2', 's3']), [['s1', 's2', 's3']]))).toBe(false);
    const listed = legalActions(start(swarmSetup({}, { s1: [{ swarm: 'never' }] }))).filter((a) => a.type === 'clash' && a.swarms !== undefined);
    for (const a of listed) if (a.type === 'clash') for (const sw of a.swarms!) expect(sw).not.toContain('a:s1');
  });

  it('R6.2 a Swarm keeps its highest die and adds bonusPerExtra per member beyond minSize', () => {
    const r = play(start(swarmSetup({ swarm: { bonusPerExtra: 2, damage: 2 } }), [1, 3, 2, 1, 4]), clash('a', on(['s1', 's2', 's3', 's4']), [['s1', 's2', 's3', 's4']]), respond('b', { t: 'defend' }));
    expect(ofType(r.events, 'groupRolled')[0]).toMatchObject({ best: 3, bonus: 2, final: 5 });
    expect(ofType(r.events, 'pairResolved')).toHaveLength(1);
    expect(hp(r.state, 'b:t')).toBe(1); // R6.3 swarm.damage 2
  });

  it('R6.3 lossTarget chosen: the responding side picks the Swarm member that takes 1 damage', () => {
    const s = play(start(swarmSetup(), [1, 3, 2, 6]), clash('a', on(['s1', 's2', 's3']), [['s1', 's2', 's3']]), respond('b', { t: 'defend' })).state;
    expect(currentDecision(s)).toEqual({ side: 'b', kind: 'swarmLoss' });
    expect(legalActions(s)).toHaveLength(3);
    expect(isLegal(s, { type: 'swarmLoss', side: 'b', member: 'a:s4' })).toBe(false);
    const r = play(s, { type: 'swarmLoss', side: 'b', member: 'a:s3' });
    expect(hp(r.state, 'a:s3')).toBe(0);
    expect([hp(r.state, 'a:s1'), hp(r.state, 'a:s2')]).toEqual([1, 1]);
  });

  it('R6.3 lossTarget highestRoll hits the best roller; random draws among the Swarm', () => {
    const high = play(start(swarmSetup({ swarm: { lossTarget: 'highestRoll' } }), [1, 3, 2, 6]), clash('a', on(['s1', 's2', 's3']), [['s1', 's2', 's3']]), respond('b', { t: 'defend' }));
    expect(hp(high.state, 'a:s2')).toBe(0);
    const rnd = play(start(swarmSetup({ swarm: { lossTarget: 'random' } }), [1, 3, 2, 6, 1]), clash('a', on(['s1', 's2', 's3']), [['s1', 's2', 's3']]), respond('b', { t: 'defend' }));
    expect(hp(rnd.state, 'a:s1')).toBe(0);
    expect(ofType(rnd.events, 'swarmLoss')[0]).toMatchObject({ member: 'a:s1', how: 'random' });
  });

  it('R6.4 an absorbed Swarm pair follows R4.4 with the Swarm result (threshold)', () => {
    const knobs = { clash: { absorb: 'threshold' as const, absorbThreshold: 5 }, swarm: { bonusPerExtra: 1 } };
    const miss = play(start(swarmSetup(knobs), [1, 3, 2, 1]), clash('a', on(['s1', 's2', 's3', 's4']), [['s1', 's2', 's3', 's4']]), respond('b', { t: 'absorb' }));
    expect(hp(miss.state, 'b:t')).toBe(3);
    const win = play(start(swarmSetup(knobs), [1, 4, 2, 1]), clash('a', on(['s1', 's2', 's3', 's4']), [['s1', 's2', 's3', 's4']]), respond('b', { t: 'absorb' }));
    expect(hp(win.state, 'b:t')).toBe(2);
  });
});

describe('R7 acceptance', () => {
  /** b's Captain t: d20, 1 Health. a: two d6 attackers. */
  const captain = (ruleset: SetupSpec['ruleset'] = {}) => mkSetup({ a: [{ id: 'x1', die: 'd6', health: 3 }, { id: 'x2', die: 'd6', health: 3 }], b: [{ id: 't', die: 'd20', health: 1, cost: 99 }, { id: 'u', die: 'd4', cost: 1 }], ruleset });
  it('R7.2 at 0 Health the Captain enters Last Stand, keeps acting, max roll lastStandMaxRoll', () => {
    const s = play(start(captain(), [6, 1, 20, 1]), clash('a', [['x1', 't']]), respond('b', { t: 'defend' }), hold('b', 'u'), hold('a', 'x2'), hold('a', 'x1'), clash('b', [['t', 'x2']]), respond('a', { x2: 'defend' }));
    expect(flagsOf(s.state, 'b:t') & FLAG.lastStand).toBeTruthy();
    expect(flagsOf(s.state, 'b:t') & FLAG.incapacitated).toBe(0);
    expect(ofType(s.events, 'dieRolled').find((e) => e.member === 'b:t' && e.raw === 20)).toMatchObject({ cap: 2, final: 2 });
    expect(hp(s.state, 'a:x2')).toBe(2); // 2 beats 1: a Captain in Last Stand still wins pairs
  });

  it('R7.2 lastStandMaxRoll knob sets the cap', () => {
    const s = play(start(captain({ captain: { lastStandMaxRoll: 5 } }), [6, 1, 20, 6]), clash('a', [['x1', 't']]), respond('b', { t: 'defend' }), hold('b', 'u'), hold('a', 'x2'), hold('a', 'x1'), clash('b', [['t', 'x2']]), respond('a', { x2: 'defend' }));
    expect(ofType(s.events, 'dieRolled').find((e) => e.member === 'b:t' && e.raw === 20)).toMatchObject({ cap: 5, final: 5 });
  });

  it('R7.3 a Captain in Last Stand falls after lastStandLosses more lost pairs; armor does not save it', () => {
    const one = play(start(captain(), [6, 1, 6, 1]), clash('a', [['x1', 't']]), respond('b', { t: 'defend' }), hold('b', 'u'), clash('a', [['x2', 't']]));
    expect(flagsOf(one.state, 'b:t') & FLAG.incapacitated).toBeTruthy();
    const two = play(start(captain({ captain: { lastStandLosses: 2 } }), [6, 1, 6, 1]), clash('a', [['x1', 't']]), respond('b', { t: 'defend' }), hold('b', 'u'), clash('a', [['x2', 't']]));
    expect(flagsOf(two.state, 'b:t') & FLAG.incapacitated).toBe(0);
    expect(ofType(two.events, 'lastStandLoss').at(-1)).toMatchObject({ losses: 1, limit: 2 });
    const armored = mkSetup({ a: [{ id: 'x1', die: 'd6', health: 3 }, { id: 'x2', die: 'd6' }], b: [{ id: 't', die: 'd20', health: 1, cost: 99, effects: [{ armor: 1, when: { healthAtMost: 0 } }] }, { id: 'u', die: 'd4', cost: 1 }] });
    const ar = play(start(armored, [6, 1, 6]), clash('a', [['x1', 't']]), respond('b', { t: 'defend' }), hold('b', 'u'), clash('a', [['x2', 't']]));
    expect(flagsOf(ar.state, 'b:t') & FLAG.incapacitated).toBeTruthy();
  });

  it('R7.4 lastStand false: the Captain falls at 0 like anyone else', () => {
    const r = play(start(captain({ captain: { lastStand: false } }), [6, 1]), clash('a', [['x1', 't']]), respond('b', { t: 'defend' }));
    expect(flagsOf(r.state, 'b:t') & FLAG.incapacitated).toBeTruthy();
    expect(ofType(r.events, 'lastStand')).toHaveLength(0);
  });
});

describe('R8 acceptance', () => {
  const areas = [{ id: 'p', links: ['q'] }, { id: 'q', links: ['p', 'r'] }, { id: 'r', links: ['q'] }];
  it('R8.2 with links a move must follow one; without links any other Area', () => {
    const s = start(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8', area: 'r' }], areas }));
    expect(isLegal(s, { type: 'move', side: 'a', member: 'a:x', to: 'r' })).toBe(false);
    expect(isLegal(s, { type: 'move', side: 'a', member: 'a:x', to: 'q' })).toBe(true);
    expect(isLegal(s, { type: 'move', side: 'a', member: 'a:x', to: 'p' })).toBe(false);
    const free = start(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8' }], areas: ['p', 'q', 'r'] }));
    expect(isLegal(free, { type: 'move', side: 'a', member: 'a:x', to: 'r' })).toBe(true);
  });

  it('R8.4 retreat roll: from a contested Area, leave only on ≥ retreatTarget; fail stays activated', () => {
    const setup = (target: number) => mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6', area: 'q' }], b: [{ id: 'y', die: 'd20' }], areas: ['p', 'q'], ruleset: { movement: { retreat: 'roll', retreatTarget: target } } });
    const fail = play(start(setup(4), [3]), { type: 'move', side: 'a', member: 'a:x', to: 'q' });
    expect(ofType(fail.events, 'retreatFailed')[0]).toMatchObject({ roll: 3, target: 4 });
    expect(fail.state.area[0]).toBe(0);
    expect(fail.state.used[0]).toBe(1);
    const ok = play(start(setup(4), [4]), { type: 'move', side: 'a', member: 'a:x', to: 'q' });
    expect(ok.state.area[0]).toBe(1);
    const quiet = play(start(setup(6), []), hold('a', 'x'), hold('b', 'y'), { type: 'move', side: 'a', member: 'a:x2', to: 'p' });
    expect(quiet.state.area[1]).toBe(0); // q was not contested: no roll asked
    const freeMove = play(start(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd20' }], areas: ['p', 'q'] }), []), { type: 'move', side: 'a', member: 'a:x', to: 'q' });
    expect(ofType(freeMove.events, 'dieRolled')).toHaveLength(0);
    expect(applyAction(fail.state, hold('a', 'x')).ok).toBe(false);
  });
});
