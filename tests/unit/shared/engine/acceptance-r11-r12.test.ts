/**
 * Acceptance review of R11 (every effect, every `when` key), R12 modules, and the fixes of
 * issue 3 (reroll on a tie the knob awards, simultaneous Last Stand, Last Stand resetOnDamage).
 */
import { describe, expect, it } from 'vitest';
import { advancementSteps, createBattle, currentDecision, injuredHealth, isLegal, nextDie, rollAftermath } from '../../../../src/shared/engine';
import type { Action, Order } from '../../../../src/shared/engine';
import { FLAG } from '../../../../src/shared/engine';
import type { Effect } from '../../../../src/shared/model/types';
import type { MemberSpec, SetupSpec } from './helpers';
import { clash, flagsOf, hp, mkSetup, ofType, play, playPhased, respond, scripted, start } from './helpers';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });
/** x (d6, 3 Health) attacks y (d8, 3 Health), y defends. */
const duel = (ex: Effect[] = [], ey: Effect[] = [], ruleset: SetupSpec['ruleset'] = {}, more: Partial<SetupSpec> = {}) =>
  mkSetup({ a: [{ id: 'x', die: 'd6', health: 3, effects: ex }], b: [{ id: 'y', die: 'd8', health: 3, effects: ey }], ruleset, ...more });
const fight = (setup: ReturnType<typeof duel>, rolls: number[]) => {
  const dice = scripted(rolls);
  const r = play(createBattle(setup, 1, { dice }), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
  return { ...r, dice };
};
const finals = (events: ReturnType<typeof fight>['events']) => ofType(events, 'dieRolled').map((e) => e.final);

describe('R11 reroll: once (fixed: never rerolls a tie the ruleset awards to it)', () => {
  it('R11 reroll: the attacker rerolls a lost or standoff-tied result once, keeping the new roll', () => {
    expect(finals(fight(duel([{ reroll: 'once' }]), [2, 5, 1]).events)).toEqual([2, 5, 1]);
    expect(finals(fight(duel([{ reroll: 'once' }]), [3, 3, 6]).events)).toEqual([3, 3, 6]);
    expect(finals(fight(duel([{ reroll: 'once' }]), [5, 3]).events)).toEqual([5, 3]);
  });

  it('R11 reroll with clash.tie attacker: a tied attacker already wins and keeps its roll', () => {
    const r = fight(duel([{ reroll: 'once' }], [], { clash: { tie: 'attacker' } }), [3, 3]);
    expect(r.dice.asked).toHaveLength(2);
    expect(hp(r.state, 'b:y')).toBe(2);
  });

  it('R11 reroll with clash.tie defender: a tied defender already wins and keeps its roll', () => {
    const r = fight(duel([], [{ reroll: 'once' }], { clash: { tie: 'defender' } }), [3, 3]);
    expect(r.dice.asked).toHaveLength(2);
    expect(hp(r.state, 'a:x')).toBe(2);
    const lose = fight(duel([], [{ reroll: 'once' }], { clash: { tie: 'attacker' } }), [3, 3, 4]);
    expect(finals(lose.events)).toEqual([3, 3, 4]);
  });
});

describe('R11 effects', () => {
  it('R11 rollModifier is added after the cap; the result never drops below 1', () => {
    const s = createBattle(duel([{ rollModifier: 1 }]), 1, { dice: scripted([6, 1]) });
    const r = play({ ...s, health: [2, 3] }, clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'dieRolled')[0]).toMatchObject({ raw: 6, cap: 4, final: 5 });
    expect(finals(fight(duel([{ rollModifier: -3 }]), [2, 1]).events)[0]).toBe(1);
  });

  it('R11 keepHighest rolls the extra die too and keeps the higher; dieOverride replaces the die', () => {
    const kh = fight(duel([{ keepHighest: 'd12' }]), [2, 11, 3]);
    expect(kh.dice.asked).toEqual([6, 12, 8]);
    expect(ofType(kh.events, 'pairResolved')[0]!.attackerResult).toBe(11);
    const ov = fight(duel([{ dieOverride: 'd4' }]), [4, 3]);
    expect(ov.dice.asked).toEqual([4, 8]);
  });

  it('R11 blast: one pair per enemy in the Area, each target answering on its own', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ blast: true }] }], b: [{ id: 'y', die: 'd8', health: 2 }, { id: 'z', die: 'd8', health: 2 }, { id: 'far', die: 'd8', area: 'q' }], areas: ['p', 'q'] });
    const r = play(start(setup, [6, 1, 5]), clash('a', [['x', 'z']]), respond('b', { y: 'absorb', z: 'defend' }));
    expect(ofType(r.events, 'pairResolved').map((p) => [p.target, p.defender])).toEqual([['b:z', 'b:z'], ['b:y', null]]);
    expect([hp(r.state, 'b:y'), hp(r.state, 'b:z')]).toEqual([1, 1]);
  });

  it('R11 extraActions N: N more actions per round, no more', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ extraActions: 1 }] }], b: [{ id: 'y', die: 'd8', area: 'q' }], areas: ['p', 'q'] });
    const r = play(start(setup), { type: 'move', side: 'a', member: 'a:x', to: 'q' }, hold('b', 'y'), { type: 'move', side: 'a', member: 'a:x', to: 'p' });
    expect(r.state.round).toBe(2);
  });

  it('R11 firstStrike in sequential timing resolves its pairs first', () => {
    const setup = mkSetup({ a: [{ id: 'x1', die: 'd6' }, { id: 'x2', die: 'd6', effects: [{ firstStrike: true }] }], b: [{ id: 'y', die: 'd8', health: 3 }, { id: 'z', die: 'd8' }], ruleset: { clash: { timing: 'sequential' } } });
    const r = play(start(setup, [6, 6]), clash('a', [['x1', 'y'], ['x2', 'z']]), respond('b', { y: 'absorb', z: 'absorb' }));
    expect(ofType(r.events, 'pairResolved').map((p) => p.attackers[0])).toEqual(['a:x2', 'a:x1']);
  });

  it('R11 regenerate heals N at the start of each round, never above max', () => {
    const s = createBattle(duel([{ regenerate: 2 }]), 1, { dice: scripted([]) });
    const r = play({ ...s, health: [2, 3] }, hold('a', 'x'), hold('b', 'y'));
    expect(ofType(r.events, 'regenerated')[0]).toMatchObject({ amount: 1, health: 3 });
  });

  it('R11 progressBonus adds progress per Interact; initiative N adds to the crew value', () => {
    const obj = { id: 'o', name: 'O', area: 'field', kind: 'interact' as const, progress: 3 };
    const r = play(start(duel([{ progressBonus: 2 }], [], {}, { objectives: [obj] })), { type: 'interact', side: 'a', member: 'a:x', objective: 'o' });
    expect(r.state.points[0]).toBe(1);
    const s = start(duel([{ initiative: 5 }]));
    expect(ofType(s.openingEvents, 'initiative')[0]).toMatchObject({ side: 'b', values: { a: 11, b: 8 } });
  });
});

describe('R11 when keys', () => {
  const mod = (when: Effect['when'], ex: MemberSpec = { id: 'x', die: 'd6', health: 3 }, more: Partial<SetupSpec> = {}) => {
    const setup = mkSetup({ a: [{ ...ex, effects: [{ rollModifier: 2, when }] }], b: [{ id: 'y', die: 'd8', health: 3, type: 'machine' }], ...more });
    return ofType(fight(setup, [1, 1]).events, 'dieRolled')[0]!.modifiers;
  };
  it('R11 when role, opponentType, opponentDieAtLeast', () => {
    expect(mod({ role: 'attacker' })).toBe(2);
    expect(mod({ role: 'defender' })).toBe(0);
    expect(mod({ opponentType: 'machine' })).toBe(2);
    expect(mod({ opponentType: 'mutant' })).toBe(0);
    expect(mod({ opponentDieAtLeast: 'd8' })).toBe(2);
    expect(mod({ opponentDieAtLeast: 'd10' })).toBe(0);
  });

  it('R11 when area (id or tag), healthAtMost, roundAtLeast', () => {
    expect(mod({ area: 'ruins' }, undefined, { areas: [{ id: 'field', tags: ['ruins'] }] })).toBe(2);
    expect(mod({ area: 'field' })).toBe(2);
    expect(mod({ area: 'swamp' })).toBe(0);
    expect(mod({ healthAtMost: 3 })).toBe(2);
    expect(mod({ healthAtMost: 2 })).toBe(0);
    expect(mod({ roundAtLeast: 1 })).toBe(2);
    expect(mod({ roundAtLeast: 2 })).toBe(0);
  });

  it('R11 when inSwarm and vsSwarm', () => {
    const setup = mkSetup({
      a: ['s1', 's2', 's3'].map((id) => ({ id, die: 'd6' as const, effects: [{ rollModifier: 1, when: { inSwarm: true } }] })),
      b: [{ id: 't', die: 'd20', health: 3, cost: 99, effects: [{ rollModifier: 3, when: { vsSwarm: true } }] }],
    });
    const sw = play(start(setup, [1, 1, 1, 1]), clash('a', [['s1', 't'], ['s2', 't'], ['s3', 't']], [['s1', 's2', 's3']]), respond('b', { t: 'defend' }));
    expect(ofType(sw.events, 'dieRolled').map((e) => e.modifiers)).toEqual([1, 1, 1, 3]);
    const solo = play(start(setup, [1, 1]), clash('a', [['s1', 't']]), respond('b', { t: 'defend' }));
    expect(ofType(solo.events, 'dieRolled').map((e) => e.modifiers)).toEqual([0, 0]);
  });
});

describe('Last Stand fixes (R4.5 × R7.3, R9.3)', () => {
  /** b's Captain t (d20, 1 Health) defends two pairs and loses both. */
  const twoLosses = (timing: 'simultaneous' | 'sequential') =>
    play(
      start(mkSetup({ a: [{ id: 'x1', die: 'd6' }, { id: 'x2', die: 'd6' }], b: [{ id: 't', die: 'd20', health: 1, cost: 99 }, { id: 'u', die: 'd4', cost: 1, area: 'q' }], areas: ['p', 'q'], ruleset: { clash: { timing } } }), [6, 1, 6, 1]),
      clash('a', [['x1', 't'], ['x2', 't']]),
      respond('b', { t: 'defend' }),
    );
  it('R7.3 simultaneous: pairs lost in the same damage step that brought the Captain to 0 are not Last Stand losses', () => {
    const sim = twoLosses('simultaneous');
    expect(flagsOf(sim.state, 'b:t') & FLAG.lastStand).toBeTruthy();
    expect(flagsOf(sim.state, 'b:t') & FLAG.incapacitated).toBe(0);
    expect(ofType(sim.events, 'lastStandLoss')).toHaveLength(0);
  });

  it('R7.3 sequential: the second lost pair comes after Last Stand began and incapacitates', () => {
    const seq = twoLosses('sequential');
    expect(flagsOf(seq.state, 'b:t') & FLAG.incapacitated).toBeTruthy();
  });

  it('R9.3 resetOnDamage also fires when a Captain in Last Stand takes damage', () => {
    const setup = mkSetup({
      a: [{ id: 'x1', die: 'd6' }, { id: 'x2', die: 'd6' }],
      b: [{ id: 't', die: 'd20', health: 1, cost: 99 }],
      objectives: [{ id: 'o', name: 'O', area: 'field', kind: 'interact', progress: 3, resetOnDamage: true }],
      ruleset: { captain: { lastStandLosses: 2 } },
    });
    const s = play(start(setup, [6, 1, 6]), clash('a', [['x1', 't']]), respond('b', { t: 'defend' }), hold('a', 'x2'), hold('a', 'x1'), { type: 'interact', side: 'b', member: 'b:t', objective: 'o' });
    expect(s.state.progress[1]).toBe(1);
    const r = play(s.state, clash('a', [['x2', 't']]));
    expect(ofType(r.events, 'progressReset')).toHaveLength(1);
    expect(r.state.progress[1]).toBe(0);
  });
});

describe('R12 acceptance', () => {
  it('R12 morale: an npc crew checks again when half its members are down', () => {
    const setup = mkSetup({
      a: [{ id: 'x1', die: 'd6', effects: [{ damage: 5 }] }, { id: 'x2', die: 'd6', effects: [{ damage: 5 }] }],
      b: [{ id: 'boss', die: 'd12', cost: 99 }, { id: 'g1', die: 'd4' }, { id: 'g2', die: 'd4' }, { id: 'g3', die: 'd4' }],
      npc: [false, true],
      ruleset: { morale: { enabled: true, target: 4 } },
    });
    const first = play(start(setup, [6, 5, 6, 3]), clash('a', [['x1', 'g1']]), respond('b', { g1: 'absorb' }));
    expect(ofType(first.events, 'morale')[0]).toMatchObject({ roller: 'b:boss', roll: 5, fled: false });
    const second = play(first.state, hold('b', 'g3'), clash('a', [['x2', 'g2']]), respond('b', { g2: 'absorb' }));
    expect(ofType(second.events, 'morale')[0]).toMatchObject({ roll: 3, fled: true });
    expect(second.state.result).toMatchObject({ reason: 'elimination', winner: null });
  });

  it('R12 startOfCombat: only members reaching the target act in the first phase', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }, { id: 'x2', die: 'd6' }], b: [{ id: 'y', die: 'd8' }], ruleset: { initiative: { mode: 'startOfCombat', target: 5 } } });
    const s = start(setup, [2, 4, 6]);
    expect(ofType(s.openingEvents, 'startOfCombat')[0]!.members).toEqual(['b:y']);
    expect(currentDecision(s)).toEqual({ side: 'b', kind: 'turn' });
    expect(isLegal(s, hold('b', 'y'))).toBe(true);
    const r = play(s, hold('b', 'y'));
    expect(currentDecision(r.state)).toEqual({ side: 'a', kind: 'turn' });
  });
});

describe('R10 acceptance', () => {
  const ended = (rolls: number[], aftermath: { die: 'd4' | 'd6'; table: { min: number; max: number; outcome: 'dead' | 'injury' | 'recovers' }[] }) => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ damage: 3 }] }], b: [{ id: 'boss', die: 'd20', health: 1, cost: 40 }, { id: 'y', die: 'd8', health: 2, captain: false }], ruleset: { aftermath } });
    return play(start(setup, rolls), clash('a', [['x', 'y']]), respond('b', { y: 'absorb' })).state;
  };
  it('R10.1 a custom aftermath die and table; an uncovered roll recovers; a Last Stand survivor does not roll', () => {
    const table = { die: 'd4' as const, table: [{ min: 1, max: 2, outcome: 'injury' as const }, { min: 3, max: 3, outcome: 'dead' as const }] };
    expect(rollAftermath(ended([6, 2], table))).toMatchObject([{ key: 'b:y', roll: 2, outcome: 'injury', maxHealth: 1 }]);
    expect(rollAftermath(ended([6, 3], table))).toMatchObject([{ roll: 3, outcome: 'dead' }]);
    expect(rollAftermath(ended([6, 4], table))).toMatchObject([{ roll: 4, outcome: 'recovers', maxHealth: 2 }]);
  });

  it('R10.3 advancement: steps per victoriesPerStep victories, d20 is the top, 0 never advances', () => {
    const wins = Array.from({ length: 5 }, () => ({ kind: 'victory' as const, scenario: 's', date: '2026-01-01', text: '' }));
    expect(advancementSteps(wins, 2)).toBe(2);
    expect(advancementSteps(wins, 0)).toBe(0);
    expect(nextDie('d12')).toBe('d20');
    expect(nextDie('d20')).toBeNull();
    expect(injuredHealth(1)).toBe(1);
  });
});

describe('R12 phased: holding an order to a later phase', () => {
  const setup = () =>
    mkSetup({
      a: [{ id: 'x', die: 'd6' }],
      b: [{ id: 'y', die: 'd8', health: 2 }],
      objectives: [{ id: 'o', name: 'O', area: 'field', kind: 'interact', points: 2 }],
      ruleset: { turnStructure: 'phased' },
    });
  const declare = (side: 'a' | 'b', orders: Order[]): Action => ({ type: 'declare', side, orders });
  const yWorks = declare('b', [{ member: 'b:y', act: 'interact', objective: 'o' }]);

  it('R12 a Clash order resolves in its own phase, before Interact: the defender’s own order is dropped', () => {
    const r = playPhased(start(setup(), [6, 1]), declare('a', [{ member: 'a:x', act: 'clash', target: 'b:y' }]), yWorks, respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'orderDropped').map((e) => e.member)).toEqual(['b:y']);
    expect(r.state.points).toEqual([0, 0]);
  });

  it('R12 holdUntil: the Clash waits for the later phase, so the Interact happens first', () => {
    const r = playPhased(start(setup(), [6]), declare('a', [{ member: 'a:x', act: 'clash', target: 'b:y', holdUntil: 'haste' }]), yWorks);
    expect(r.state.points).toEqual([0, 2]);
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ defender: null, outcome: 'attacker' });
    const types = r.events.map((e) => e.type);
    expect(types.indexOf('interacted')).toBeLessThan(types.indexOf('clashDeclared'));
  });

  it('R12 holdUntil never brings an order forward and needs a known phase', () => {
    const s = start(setup());
    expect(isLegal(s, declare('a', [{ member: 'a:x', act: 'interact', objective: 'o', holdUntil: 'clash' }]))).toBe(false);
    expect(isLegal(s, declare('a', [{ member: 'a:x', act: 'clash', target: 'b:y', holdUntil: 'later' as never }]))).toBe(false);
    expect(isLegal(s, declare('a', [{ member: 'a:x', act: 'hold', holdUntil: 'move' }]))).toBe(false);
    expect(isLegal(s, declare('a', [{ member: 'a:x', act: 'interact', objective: 'o', holdUntil: 'move' }]))).toBe(true);
  });
});
