import { describe, expect, it } from 'vitest';
import { createBattle, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { compile } from '../../../../src/shared/engine/compiled';
import { whenHolds } from '../../../../src/shared/engine/effects';
import type { Effect, When } from '../../../../src/shared/model/types';
import { clash, hp, mkSetup, ofType, play, respond, scripted, start } from './helpers';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });
const duel = (aEffects: Effect[], bEffects: Effect[] = [], ruleset = {}) =>
  mkSetup({ a: [{ id: 'x', die: 'd6', health: 2, effects: aEffects }], b: [{ id: 'y', die: 'd8', health: 3, effects: bEffects }], ruleset });
const fight = (setup: ReturnType<typeof duel>, rolls: number[], how: 'defend' | 'absorb' = 'defend') => play(start(setup, rolls), clash('a', [['x', 'y']]), respond('b', { y: how }));

describe('R11 effects', () => {
  it('R11 rollModifier adds after the cap and never leaves a result below 1', () => {
    const r = fight(duel([{ rollModifier: 2 }], [{ rollModifier: -5 }]), [6, 3]);
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ attackerResult: 8, defenderResult: 1 });
  });

  it('R11 damage sets the damage dealt on a win; armor reduces damage taken', () => {
    expect(hp(fight(duel([{ damage: 2, when: { role: 'attacker' } }]), [6, 1]).state, 'b:y')).toBe(1);
    expect(hp(fight(duel([{ damage: 2 }], [{ armor: 1 }]), [6, 1]).state, 'b:y')).toBe(2);
  });

  it('R11 reroll once: a member that is not winning rerolls once and keeps the new roll', () => {
    const r = fight(duel([{ reroll: 'once' }]), [2, 5, 6]);
    expect(ofType(r.events, 'dieRolled').map((e) => [e.member, e.purpose, e.raw])).toEqual([['a:x', 'clash', 2], ['b:y', 'clash', 5], ['a:x', 'reroll', 6]]);
    expect(ofType(r.events, 'pairResolved')[0]!.outcome).toBe('attacker');
  });

  it('R11 keepHighest also rolls the given die and keeps the higher', () => {
    const dice = scripted([2, 9, 5]);
    const r = play(createBattle(duel([{ keepHighest: 'd10' }]), 1, { dice }), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(dice.asked).toEqual([6, 10, 8]);
    expect(ofType(r.events, 'dieRolled').map((e) => e.kept)).toEqual([false, true, true]);
    expect(ofType(r.events, 'pairResolved')[0]!.attackerResult).toBe(9);
  });

  it('R11 dieOverride rolls the given die instead', () => {
    const dice = scripted([12, 5]);
    play(createBattle(duel([{ dieOverride: 'd12' }]), 1, { dice }), clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(dice.asked).toEqual([12, 8]);
  });

  it('R11 blast forms a pair with every enemy in the Area; each target answers on its own', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ blast: true }] }], b: [{ id: 'y', die: 'd8' }, { id: 'y2', die: 'd8' }, { id: 'away', die: 'd8', area: 'far' }], areas: ['field', 'far'] });
    const r = play(start(setup, [5, 3, 2]), clash('a', [['x', 'y2']]), respond('b', { y: 'absorb', y2: 'defend' }));
    expect(ofType(r.events, 'pairResolved').map((p) => [p.target, p.defender, p.outcome])).toEqual([['b:y2', 'b:y2', 'attacker'], ['b:y', null, 'attacker']]);
  });

  it('R11 extraActions lets a member act more than once per round', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ extraActions: 1 }] }], b: [{ id: 'y', die: 'd8' }], areas: ['p', 'q'] });
    const r = play(start(setup), { type: 'move', side: 'a', member: 'a:x', to: 'q' }, hold('b', 'y'));
    expect(isLegal(r.state, { type: 'move', side: 'a', member: 'a:x', to: 'p' })).toBe(true);
    expect(r.state.round).toBe(1);
  });

  it('R11 firstStrike: in simultaneous timing the first striker’s damage lands before the loser deals its own', () => {
    const setup = (fs: boolean) =>
      mkSetup({ a: [{ id: 'x1', die: 'd6', effects: fs ? [{ firstStrike: true }] : [] }, { id: 'x2', die: 'd6' }], b: [{ id: 'boss', die: 'd20', health: 3, cost: 50 }, { id: 'y', die: 'd8', captain: false }] });
    const plain = play(start(setup(false), [1, 6, 5, 2]), clash('a', [['x2', 'y'], ['x1', 'y']]), respond('b', { y: 'defend' }));
    expect(hp(plain.state, 'a:x2')).toBe(0);
    const first = play(start(setup(true), [5, 2]), clash('a', [['x2', 'y'], ['x1', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(first.events, 'pairResolved').map((p) => [p.attackers[0], p.outcome])).toEqual([['a:x1', 'attacker'], ['a:x2', 'skipped']]);
    expect(hp(first.state, 'a:x2')).toBe(1);
  });

  it('R11 regenerate heals at the start of each round, not above max', () => {
    const r = fight(duel([], [{ regenerate: 2 }]), [6, 1, 6, 1]);
    expect(hp(r.state, 'b:y')).toBe(3);
    expect(ofType(r.events, 'regenerated')[0]).toMatchObject({ amount: 1, health: 3 });
  });

  it('R11 progressBonus adds objective progress per Interact', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ progressBonus: 1 }] }], b: [{ id: 'y', die: 'd8' }], objectives: [{ id: 'o', name: 'O', area: 'field', kind: 'interact', progress: 2, points: 4 }] });
    expect(play(start(setup), { type: 'interact', side: 'a', member: 'a:x', objective: 'o' }).state.points).toEqual([4, 0]);
  });

  it('R11 swarm never / always override Swarm eligibility', () => {
    const setup = mkSetup({ a: [{ id: 'r1', die: 'd4' }, { id: 'r2', die: 'd4' }, { id: 'w', die: 'd8', effects: [{ swarm: 'always' }] }, { id: 'n', die: 'd4', effects: [{ swarm: 'never' }] }], b: [{ id: 'big', die: 'd20', cost: 50 }] });
    const s = start(setup);
    const on = (ids: string[]): [string, string][] => ids.map((i) => [i, 'big']);
    expect(isLegal(s, clash('a', on(['r1', 'r2', 'w']), [['r1', 'r2', 'w']]))).toBe(true);
    expect(isLegal(s, clash('a', on(['r1', 'r2', 'n']), [['r1', 'r2', 'n']]))).toBe(false);
  });

  it('R11 initiative adds to the crew value for R2.2', () => {
    const s = start(duel([{ initiative: 5 }]));
    expect(ofType(s.openingEvents, 'initiative')[0]).toMatchObject({ values: { a: 11, b: 8 }, side: 'b' });
  });

  it('R11 when: every key must hold', () => {
    const setup = mkSetup({
      a: [{ id: 'x', die: 'd6', health: 2, type: 'machine' }],
      b: [{ id: 'y', die: 'd10', type: 'mutant', area: 'ruin' }],
      areas: [{ id: 'ruin', name: 'Old Ruin', tags: ['ancient'] }],
    });
    const s = start(setup);
    const c = compile(setup);
    const ctx = { member: 0, role: 'attacker' as const, opponent: 1, inSwarm: false, vsSwarm: true };
    const holds = (w: When) => whenHolds(w, s, c, ctx);
    expect(holds({ role: 'attacker' })).toBe(true);
    expect(holds({ role: 'defender' })).toBe(false);
    expect(holds({ opponentType: 'mutant' })).toBe(true);
    expect(holds({ opponentType: 'machine' })).toBe(false);
    expect(holds({ opponentDieAtLeast: 'd10' })).toBe(true);
    expect(holds({ opponentDieAtLeast: 'd12' })).toBe(false);
    expect(holds({ area: 'ancient' }) && holds({ area: 'Old Ruin' }) && holds({ area: 'ruin' })).toBe(true);
    expect(holds({ area: 'desert' })).toBe(false);
    expect(holds({ healthAtMost: 2 })).toBe(true);
    expect(holds({ healthAtMost: 1 })).toBe(false);
    expect(holds({ inSwarm: false })).toBe(true);
    expect(holds({ inSwarm: true })).toBe(false);
    expect(holds({ roundAtLeast: 1 })).toBe(true);
    expect(holds({ roundAtLeast: 2 })).toBe(false);
    expect(holds({ vsSwarm: true })).toBe(true);
    expect(holds({ role: 'attacker', roundAtLeast: 2 })).toBe(false);
  });

  it('R11 conditional effects only apply when their when holds (roundAtLeast in play)', () => {
    const setup = duel([{ rollModifier: 3, when: { roundAtLeast: 2 } }]);
    const r1 = fight(setup, [2, 1, 2, 1]);
    const r2 = play(r1.state, clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    const r = { state: r2.state, events: [...r1.events, ...r2.events] };
    expect(ofType(r.events, 'dieRolled').filter((e) => e.member === 'a:x').map((e) => e.final)).toEqual([2, 5]);
    expect(legalActions(r.state).length).toBeGreaterThan(0);
  });
});
