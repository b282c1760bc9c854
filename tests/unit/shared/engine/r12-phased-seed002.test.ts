/**
 * Seed 002's phased combat as written (R12 `turnStructure: phased`): acting when killed within a
 * phase, reactive holds with triggers, drops at a phase start, grouped Clashes and Swarms,
 * explicit Hold for members left without an order, start of combat, haste orders.
 */
import { describe, expect, it } from 'vitest';
import { applyAction, currentDecision, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action, BattleState, Order } from '../../../../src/shared/engine';
import { drop, hp, mkSetup, ofType, play, playPhased, respond, start } from './helpers';
import type { SetupSpec } from './helpers';

const declare = (side: 'a' | 'b', orders: Order[], extra: { groups?: string[][]; swarms?: string[][] } = {}): Action => {
  const key = (id: string): string => `${side}:${id}`;
  const a: Action = { type: 'declare', side, orders };
  if (extra.groups) a.groups = extra.groups.map((g) => g.map(key));
  if (extra.swarms) a.swarms = extra.swarms.map((g) => g.map(key));
  return a;
};
const clashO = (side: 'a' | 'b', id: string, target: string, more: Partial<Order> = {}): Order => ({ member: `${side}:${id}`, act: 'clash', target: `${side === 'a' ? 'b' : 'a'}:${target}`, ...more });
const moveO = (side: 'a' | 'b', id: string, to: string, more: Partial<Order> = {}): Order => ({ member: `${side}:${id}`, act: 'move', to, ...more });
const holdO = (side: 'a' | 'b', id: string): Order => ({ member: `${side}:${id}`, act: 'hold' });
/** A phased setup where side a has Initiative (lower crew value, no roll-off) and so declares first. */
const phased = (spec: Omit<SetupSpec, 'ruleset'> & { ruleset?: SetupSpec['ruleset'] }) =>
  mkSetup({ ...spec, b: spec.b.map((m) => ({ ...m, cost: 100 })), ruleset: { turnStructure: 'phased', ...spec.ruleset } });
const sure = { rollModifier: 30 } as const;

describe('seed 002 "able to act at the beginning of a phase … even if killed during that phase"', () => {
  const setup = () =>
    phased({
      a: [{ id: 'brute', die: 'd12', health: 3, effects: [sure] }],
      b: [
        { id: 'boss', die: 'd4', health: 3 },
        { id: 'scout', die: 'd6', health: 1, captain: false, effects: [{ extraActions: 1 }] },
      ],
      areas: ['yard', 'roof'],
    });

  it('R12 phased: a member taken out in a phase still carries out its order in that phase, as it stood when the phase began', () => {
    // brute (d12) goes first in the clash phase and takes scout out; scout still attacks brute.
    const r = playPhased(
      start(setup(), [5, 6]),
      declare('a', [clashO('a', 'brute', 'scout')]),
      declare('b', [holdO('b', 'boss'), clashO('b', 'scout', 'brute'), moveO('b', 'scout', 'roof')]),
      respond('b', { scout: 'absorb' }),
    );
    expect(ofType(r.events, 'incapacitated').map((e) => e.member)).toEqual(['b:scout']);
    expect(ofType(r.events, 'fallenActs')).toEqual([{ type: 'fallenActs', member: 'b:scout', phase: 'clash' }]);
    // It rolls with its Health from the phase start (full d6, not the 0-Health cap).
    expect(ofType(r.events, 'dieRolled').find((e) => e.member === 'b:scout')).toMatchObject({ cap: 6, raw: 6 });
    expect(hp(r.state, 'a:brute')).toBe(2);
    // From the next phase on it no longer acts: its haste Move is dropped.
    expect(ofType(r.events, 'orderDropped')).toMatchObject([{ member: 'b:scout', act: 'move', reason: 'it is out of the battle' }]);
  });

  it('R12 phased: a member taken out in an earlier phase does not act in a later one', () => {
    const s = phased({
      a: [{ id: 'gun', die: 'd6', ranged: true, effects: [sure] }, { id: 'x', die: 'd4' }],
      b: [{ id: 'boss', die: 'd4', health: 3 }, { id: 'scout', die: 'd6', captain: false }],
    });
    const r = playPhased(start(s, [2]), declare('a', [clashO('a', 'gun', 'scout'), holdO('a', 'x')]), declare('b', [holdO('b', 'boss'), clashO('b', 'scout', 'x')]), respond('b', { scout: 'absorb' }));
    expect(ofType(r.events, 'fallenActs')).toEqual([]);
    expect(ofType(r.events, 'orderDropped')).toMatchObject([{ member: 'b:scout', reason: 'it is out of the battle' }]);
  });

  it('R12 phased: the last members of both sides strike each other in one phase; the battle ends at the phase end', () => {
    const s = phased({ a: [{ id: 'x', die: 'd8', effects: [sure] }], b: [{ id: 'y', die: 'd6', effects: [sure] }], ruleset: { captain: { lastStand: false } } });
    const r = playPhased(start(s, [1, 1]), declare('a', [clashO('a', 'x', 'y')]), declare('b', [clashO('b', 'y', 'x')]), respond('b', { y: 'absorb' }));
    expect(ofType(r.events, 'incapacitated').map((e) => e.member)).toEqual(['b:y', 'a:x']);
    expect(r.state.result).toMatchObject({ reason: 'elimination', winner: null });
  });
});

describe('seed 002 "held until a later phase or dropped … \'If he moves, I\'ll shoot.\'"', () => {
  const setup = (extra: Partial<SetupSpec> = {}) =>
    phased({
      a: [{ id: 'gun', die: 'd8', ranged: true, effects: [sure] }, { id: 'guard', die: 'd6', area: 'roof' }],
      b: [{ id: 'boss', die: 'd4', health: 3, area: 'roof' }, { id: 'runner', die: 'd6', health: 2, captain: false }],
      areas: ['yard', 'roof'],
      ...extra,
    });

  it('R12 trigger enemyLeaves: a held Clash fires as the watched enemy leaves, before it goes; it still moves', () => {
    const r = playPhased(
      start(setup(), [3]),
      declare('a', [clashO('a', 'gun', 'runner', { trigger: 'enemyLeaves', watch: 'b:runner' }), holdO('a', 'guard')]),
      declare('b', [holdO('b', 'boss'), moveO('b', 'runner', 'roof')]),
      respond('b', { runner: 'absorb' }),
    );
    const types = r.events.map((e) => e.type);
    expect(ofType(r.events, 'orderTriggered')).toEqual([{ type: 'orderTriggered', members: ['a:gun'], act: 'clash', trigger: 'enemyLeaves', by: 'b:runner' }]);
    expect(types.indexOf('orderTriggered')).toBeLessThan(types.indexOf('moved'));
    expect(hp(r.state, 'b:runner')).toBe(1);
    expect(ofType(r.events, 'moved')).toMatchObject([{ member: 'b:runner', to: 'roof' }]);
  });

  it('R12 trigger enemyEnters: a held Clash fires once the enemy has arrived in its Area', () => {
    const r = playPhased(
      start(setup(), [6, 1]),
      declare('a', [holdO('a', 'gun'), clashO('a', 'guard', 'boss', { trigger: 'enemyEnters' })]),
      declare('b', [holdO('b', 'boss'), moveO('b', 'runner', 'roof')]),
    );
    // guard's order targets boss, set off by runner entering the roof.
    expect(ofType(r.events, 'orderTriggered')).toMatchObject([{ members: ['a:guard'], trigger: 'enemyEnters', by: 'b:runner' }]);
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('moved')).toBeLessThan(types.indexOf('orderTriggered'));
  });

  it('R12 trigger enemyClashes: a held Clash answers an enemy clashing in its Area', () => {
    const s = phased({ a: [{ id: 'x', die: 'd6', health: 2 }, { id: 'y', die: 'd6' }], b: [{ id: 'z', die: 'd8', health: 2 }] });
    const r = playPhased(start(s, [5, 2]), declare('a', [holdO('a', 'x'), clashO('a', 'y', 'z', { trigger: 'enemyClashes' })]), declare('b', [clashO('b', 'z', 'x')]));
    expect(ofType(r.events, 'orderTriggered')).toMatchObject([{ members: ['a:y'], trigger: 'enemyClashes', by: 'b:z' }]);
    expect(ofType(r.events, 'clashDeclared').map((e) => e.side)).toEqual(['b', 'a']);
  });

  it('R12 watch: only the watched enemy sets the trigger off; an unset trigger lapses at the round end', () => {
    const r = playPhased(
      start(setup()),
      declare('a', [clashO('a', 'gun', 'runner', { trigger: 'enemyLeaves', watch: 'b:boss' }), holdO('a', 'guard')]),
      declare('b', [holdO('b', 'boss'), moveO('b', 'runner', 'roof')]),
    );
    expect(ofType(r.events, 'orderTriggered')).toEqual([]);
    expect(ofType(r.events, 'orderDropped')).toMatchObject([{ member: 'a:gun', reason: expect.stringContaining('never carry past the round end') }]);
    expect(r.state.round).toBe(2);
    expect(r.state.phased!.orders).toEqual([]);
  });

  it('R12 a held member that defends spends its action: its order, when set off, is dropped', () => {
    const s = phased({ a: [{ id: 'x', die: 'd6', health: 2 }, { id: 'y', die: 'd6' }], b: [{ id: 'z', die: 'd8', health: 2 }] });
    const r = playPhased(start(s, [5, 2]), declare('a', [clashO('a', 'x', 'z', { trigger: 'enemyClashes' }), holdO('a', 'y')]), declare('b', [clashO('b', 'z', 'x')]), respond('a', { x: 'defend' }));
    expect(ofType(r.events, 'orderTriggered')).toEqual([]);
    expect(ofType(r.events, 'orderDropped')).toMatchObject([{ member: 'a:x', reason: 'it has already acted this round' }]);
  });

  it('R12 drop: a side drops an order at a phase start; the member stays ready and may still defend', () => {
    const s = phased({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'z', die: 'd8', health: 2 }], objectives: [{ id: 'o', name: 'O', area: 'field', kind: 'interact' }] });
    let r = play(start(s, [3, 4]), declare('a', [{ member: 'a:x', act: 'interact', objective: 'o', holdUntil: 'haste' }]), declare('b', [clashO('b', 'z', 'x')]));
    // Clash phase: a has nothing due (its order is held until haste), so only b is asked.
    expect(currentDecision(r.state)).toEqual({ side: 'b', kind: 'drop' });
    expect(legalActions(r.state)).toEqual([drop('b'), drop('b', ['z'])]);
    r = play(r.state, drop('b'), respond('a', { x: 'defend' }));
    expect(currentDecision(r.state)).toEqual({ side: 'a', kind: 'drop' });
    const dropped = play(r.state, drop('a', ['x']));
    expect(ofType(dropped.events, 'orderDropped')).toMatchObject([{ member: 'a:x', reason: 'dropped by its side at the start of the haste phase' }]);
    expect(dropped.state.points).toEqual([0, 0]);
    expect(isLegal(r.state, drop('a', ['nobody']))).toBe(false);
  });

  it('R12 drop: a bot decides the drop with the same legal actions as a person', () => {
    const s = phased({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'z', die: 'd8' }] });
    const r = play(start(s), declare('a', [clashO('a', 'x', 'z')]), declare('b', [holdO('b', 'z')]));
    expect(currentDecision(r.state)).toEqual({ side: 'a', kind: 'drop' });
    expect(legalActions(r.state)).toEqual([drop('a'), drop('a', ['x'])]);
  });

  it('R12 a trigger is checked: known name, on an order that acts, not with holdUntil, watching an enemy', () => {
    const s = start(setup());
    const with_ = (more: Partial<Order>): Action => declare('a', [clashO('a', 'gun', 'runner', more)]);
    expect(isLegal(s, with_({ trigger: 'enemyLeaves' }))).toBe(true);
    expect(isLegal(s, with_({ trigger: 'enemyDances' as never }))).toBe(false);
    expect(isLegal(s, with_({ trigger: 'enemyLeaves', holdUntil: 'haste' }))).toBe(false);
    expect(isLegal(s, with_({ trigger: 'enemyLeaves', watch: 'a:guard' }))).toBe(false);
    expect(isLegal(s, with_({ watch: 'b:runner' }))).toBe(false);
    expect(isLegal(s, declare('a', [{ member: 'a:gun', act: 'hold', trigger: 'enemyEnters' }]))).toBe(false);
  });
});

describe('R6 Swarms, R12 keepHighest and multi-member Clashes in phased rounds', () => {
  const trio = (ruleset: SetupSpec['ruleset'] = {}) =>
    phased({
      a: [{ id: 'p', die: 'd6' }, { id: 'q', die: 'd6' }, { id: 'r', die: 'd6' }],
      b: [{ id: 'big', die: 'd10', health: 3 }, { id: 'small', die: 'd4', captain: false }],
      ruleset,
    });
  const all = (target: string): Order[] => ['p', 'q', 'r'].map((id) => clashO('a', id, target));

  it('R6.1 a Swarm is declared with the orders and rolls as one pair', () => {
    const r = playPhased(start(trio(), [2, 5, 3, 4]), declare('a', all('big'), { swarms: [['p', 'q', 'r']] }), declare('b', [holdO('b', 'big'), holdO('b', 'small')]));
    expect(ofType(r.events, 'clashDeclared')).toMatchObject([{ attacks: [{ attacker: 'a:p' }, { attacker: 'a:q' }, { attacker: 'a:r' }], swarms: [['a:p', 'a:q', 'a:r']] }]);
    expect(ofType(r.events, 'groupRolled')).toMatchObject([{ mode: 'swarm', best: 5 }]);
    expect(hp(r.state, 'b:big')).toBe(2);
  });

  it('R12 keepHighest: grouped Clash orders on one target roll together', () => {
    const r = playPhased(start(trio({ clash: { multipleAttackers: 'keepHighest' } }), [2, 5, 3]), declare('a', [...all('big').slice(0, 2), holdO('a', 'r')], { groups: [['p', 'q']] }), declare('b', [holdO('b', 'big'), holdO('b', 'small')]));
    expect(ofType(r.events, 'groupRolled')).toMatchObject([{ mode: 'group', members: ['a:p', 'a:q'], best: 5 }]);
  });

  it('R3.1 a grouped Clash on several targets is one Clash with one response', () => {
    const r = playPhased(start(trio(), [2, 3, 4, 1]), declare('a', [clashO('a', 'p', 'big'), clashO('a', 'q', 'small'), holdO('a', 'r')], { groups: [['p', 'q']] }), declare('b', [holdO('b', 'big'), holdO('b', 'small')]));
    expect(ofType(r.events, 'clashDeclared')).toHaveLength(1);
    expect(ofType(r.events, 'responses')).toHaveLength(1);
    expect(ofType(r.events, 'pairResolved')).toHaveLength(2);
  });

  it('R6.1 R3.1 groups and Swarms are checked at declaration', () => {
    const s = start(trio());
    expect(isLegal(s, declare('a', all('big'), { swarms: [['p', 'q']] }))).toBe(false);
    expect(isLegal(s, declare('a', [clashO('a', 'p', 'big'), clashO('a', 'q', 'small'), clashO('a', 'r', 'big')], { swarms: [['p', 'q', 'r']] }))).toBe(false);
    expect(isLegal(s, declare('a', [clashO('a', 'p', 'big'), clashO('a', 'q', 'big', { holdUntil: 'haste' })], { groups: [['p', 'q']] }))).toBe(false);
    expect(isLegal(s, declare('a', [clashO('a', 'p', 'big'), holdO('a', 'q')], { groups: [['p', 'q']] }))).toBe(false);
    expect(isLegal(s, declare('a', all('big'), { groups: [['p', 'q']], swarms: [['p', 'q', 'r']] }))).toBe(false);
  });

  it('R12 legalActions offers a grouped Clash and its Swarm, and held Clashes', () => {
    const list = legalActions(start(trio()));
    expect(list).toContainEqual(declare('a', all('big'), { groups: [['p', 'q', 'r']], swarms: [['p', 'q', 'r']] }));
    expect(list).toContainEqual(declare('a', all('small'), { groups: [['p', 'q', 'r']] }));
    expect(list.some((a) => a.type === 'declare' && a.orders.some((o) => o.trigger === 'enemyLeaves'))).toBe(true);
    for (const a of list.slice(0, 40)) expect(isLegal(start(trio()), a)).toBe(true);
  });
});

describe('R12 every ready member declares; start of combat; haste', () => {
  it('R12 a ready member left without an order is given Hold, and the log says so', () => {
    const s = phased({ a: [{ id: 'x', die: 'd6' }, { id: 'y', die: 'd6' }], b: [{ id: 'z', die: 'd8' }] });
    const r = playPhased(start(s, [4, 3]), declare('a', [clashO('a', 'x', 'z')]), declare('b', [clashO('b', 'z', 'y')]));
    expect(ofType(r.events, 'defaultHold')).toEqual([{ type: 'defaultHold', member: 'a:y' }]);
    expect(ofType(r.events, 'ordersRevealed')[0]!.orders).toContainEqual({ member: 'a:y', act: 'hold' });
    // y holds: activated, it can only absorb z's attack (R3.2), so a is not asked.
    expect(ofType(r.events, 'responses')[0]).toMatchObject({ side: 'a', responses: { 'a:y': 'absorb' } });
  });

  it('R12 initiative.mode startOfCombat with phased: round 1 members reaching the target act in a first phase', () => {
    const s = phased({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'z', die: 'd8', health: 2 }], ruleset: { initiative: { mode: 'startOfCombat', target: 4 } } });
    // Start of combat: x rolls 5 (first), z rolls 2. Then x's Clash resolves in the first phase.
    let state: BattleState = start(s, [5, 2, 6]);
    expect(state.openingEvents.find((e) => e.type === 'startOfCombat')).toEqual({ type: 'startOfCombat', members: ['a:x'] });
    const r = playPhased(state, declare('a', [clashO('a', 'x', 'z')]), declare('b', [holdO('b', 'z')]));
    state = r.state;
    expect(ofType(r.events, 'phaseStarted').map((e) => e.phase)).toEqual(['first']);
    expect(hp(state, 'b:z')).toBe(1);
  });

  it('R11 extraActions (seed 002 haste): legalActions lists second orders; they resolve in the haste phase in regular phase order', () => {
    const s = phased({ a: [{ id: 'x', die: 'd6', effects: [{ extraActions: 1 }] }], b: [{ id: 'z', die: 'd8', health: 3 }], areas: ['yard', 'roof'] });
    const list = legalActions(start(s));
    const twice = list.find((a) => a.type === 'declare' && a.orders.length === 2 && a.orders[0]!.act === 'clash' && a.orders[1]!.act === 'move');
    expect(twice).toBeDefined();
    const r = playPhased(start(s, [5, 1, 5, 1]), twice!, declare('b', [holdO('b', 'z')]));
    expect(ofType(r.events, 'phaseStarted').map((e) => e.phase)).toEqual(['clash', 'haste']);
    const types = r.events.map((e) => e.type);
    expect(types.lastIndexOf('phaseStarted')).toBeLessThan(types.indexOf('moved'));
    expect(isLegal(start(s), declare('a', [holdO('a', 'x'), clashO('a', 'x', 'z')]))).toBe(false);
  });
});

describe('R12 phased.longerWeaponFirst (seed 002 note *)', () => {
  const setup = (on: boolean) =>
    phased({
      a: [{ id: 'pike', die: 'd6', health: 3 }],
      b: [{ id: 'blade', die: 'd6', health: 3 }],
      ruleset: { phased: { longerWeaponFirst: on } },
    });
  const withReach = (on: boolean) => {
    const s = setup(on);
    s.sides[0].members[0]!.reach = true;
    return s;
  };
  const round = (st: BattleState) => playPhased(st, declare('a', [clashO('a', 'pike', 'blade')]), declare('b', [clashO('b', 'blade', 'pike')]), respond('b', { blade: 'defend' }));

  it('R12 longerWeaponFirst: unengaged members meet, the reach weapon strikes first and takes the tie', () => {
    expect(ofType(round(start(withReach(true), [3, 3])).events, 'pairResolved')[0]!.outcome).toBe('attacker');
    expect(ofType(round(start(withReach(false), [3, 3])).events, 'pairResolved')[0]!.outcome).toBe('standoff');
    expect(ofType(round(start(setup(true), [3, 3])).events, 'pairResolved')[0]!.outcome).toBe('standoff');
  });

  it('R12 longerWeaponFirst: members that clashed this round or the last are engaged', () => {
    const r1 = round(start(withReach(true), [3, 3, 2, 2]));
    const r2 = round(r1.state);
    expect(ofType(r2.events, 'pairResolved')[0]!.outcome).toBe('standoff');
  });
});

describe('R12 phased orders are refused without a state change', () => {
  it('R12 an illegal drop or declare leaves the state untouched', () => {
    const s = start(phased({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'z', die: 'd8' }] }));
    const bad = applyAction(s, { type: 'drop', side: 'a', members: [] });
    expect(bad.ok).toBe(false);
    expect(s.phase).toBe('declare');
  });
});
