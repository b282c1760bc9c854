import { describe, expect, it } from 'vitest';
import { applyAction, currentDecision, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { clash, hp, mkSetup, ofType, play, respond, scripted, start } from './helpers';
import { createBattle } from '../../../../src/shared/engine';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });
/** a: x1, x2 (d6, 1 Health); b: boss (d20 Captain, 3 Health), y (d8), y2 (d8). a has Initiative. */
const squads = (ruleset = {}, areas?: string[]) =>
  mkSetup({
    a: [{ id: 'x1', die: 'd6', health: 2 }, { id: 'x2', die: 'd6', health: 2 }],
    b: [{ id: 'boss', die: 'd20', health: 3, captain: true, area: areas?.[1] }, { id: 'y', die: 'd8' }, { id: 'y2', die: 'd8' }],
    ruleset,
    areas,
  });

describe('R3 Clash: initiating and responding', () => {
  it('R3.1 committed members share one Area and each picks an enemy there; targets may differ', () => {
    const s = start(squads({}, ['field', 'far']), [6, 1, 6, 1]);
    expect(isLegal(s, clash('a', [['x1', 'y'], ['x2', 'y2']]))).toBe(true);
    expect(isLegal(s, clash('a', [['x1', 'y'], ['x2', 'y']]))).toBe(true);
    const far = applyAction(s, clash('a', [['x1', 'boss']]));
    expect(!far.ok && far.error.message).toContain('not in the attackers');
    const twice = applyAction(s, { type: 'clash', side: 'a', attacks: [{ attacker: 'a:x1', target: 'b:y' }, { attacker: 'a:x1', target: 'b:y2' }] });
    expect(twice.ok).toBe(false);
    const friendly = applyAction(s, { type: 'clash', side: 'a', attacks: [{ attacker: 'a:x1', target: 'a:x2' }] });
    expect(friendly.ok).toBe(false);
  });

  it('R3.2 the responder chooses before any roll; an activated member must absorb', () => {
    const s0 = start(squads(), [6]);
    const r = play(s0, hold('a', 'x1'), hold('b', 'y'), clash('a', [['x2', 'y']]));
    // y held, so it has no choice: the Clash resolves at once with y absorbing.
    expect(ofType(r.events, 'responses')[0]!.responses).toEqual({ 'b:y': 'absorb' });
    expect(hp(r.state, 'b:y')).toBe(0);
    const s1 = play(start(squads()), clash('a', [['x1', 'y2']])).state;
    expect(currentDecision(s1)).toEqual({ side: 'b', kind: 'respond' });
    expect(s1.pending?.next).toBe(0);
    expect(legalActions(s1)).toHaveLength(2);
  });

  it('R3.3 with interception a ready friend defends in the target’s place and takes the damage', () => {
    const off = play(start(squads()), clash('a', [['x1', 'y']])).state;
    expect(isLegal(off, respond('b', {}, { y: 'y2' }))).toBe(false);
    const s = play(start(squads({ clash: { interception: true } }), [6, 2]), clash('a', [['x1', 'y']])).state;
    expect(isLegal(s, respond('b', {}, { y: 'boss' }))).toBe(true);
    const r = play(s, respond('b', {}, { y: 'y2' }));
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ defender: 'b:y2', outcome: 'attacker' });
    expect(hp(r.state, 'b:y')).toBe(1);
    expect(hp(r.state, 'b:y2')).toBe(0);
  });

  it('R3.4 attackers and defenders become activated, absorbers do not', () => {
    const r = play(start(squads(), [6, 1, 3]), clash('a', [['x1', 'y'], ['x2', 'y2']]), respond('b', { y: 'defend', y2: 'absorb' }));
    const idx = (k: string) => [...r.state.setup.sides[0].members, ...r.state.setup.sides[1].members].findIndex((m) => m.key === k);
    expect(r.state.used[idx('a:x1')]).toBe(1);
    expect(r.state.used[idx('a:x2')]).toBe(1);
    expect(r.state.used[idx('b:y')]).toBe(1);
    expect(r.state.used[idx('b:y2')]).toBe(0);
  });

  it('R3.5 a Clash with no legal target cannot be initiated', () => {
    const s = start(squads({}, ['field', 'far']));
    const far = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8', area: 'far' }], areas: ['field', 'far'] });
    const s2 = start(far);
    expect(legalActions(s2).some((a) => a.type === 'clash')).toBe(false);
    expect(isLegal(s2, clash('a', [['x', 'y']]))).toBe(false);
    expect(isLegal(s, { type: 'clash', side: 'a', attacks: [] })).toBe(false);
  });
});

describe('R4 Clash: resolution', () => {
  it('R4.1 pairs resolve in the declared order', () => {
    const r = play(start(squads(), [1, 2, 3, 4]), clash('a', [['x2', 'y2'], ['x1', 'y']]), respond('b', { y: 'defend', y2: 'defend' }));
    expect(ofType(r.events, 'pairResolved').map((p) => p.attackers[0])).toEqual(['a:x2', 'a:x1']);
  });

  it('R4.2 the higher result wins and deals damage; defenderRolls once rolls the defender one time', () => {
    const r = play(start(squads(), [5, 3, 2, 7]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'pairResolved').map((p) => p.outcome)).toEqual(['attacker', 'defender']);
    expect(hp(r.state, 'a:x2')).toBe(1);
    const dice = scripted([5, 3, 2]);
    const once = createBattle(squads({ clash: { defenderRolls: 'once' } }), 1, { dice });
    const r2 = play(once, clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r2.events, 'pairResolved').map((p) => [p.attackerResult, p.defenderResult])).toEqual([[5, 3], [2, 3]]);
    expect(dice.left()).toBe(0);
  });

  it('R4.3 standoff on a tie', () => {
    const r = play(start(squads(), [4, 4]), clash('a', [['x1', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'pairResolved')[0]!.outcome).toBe('standoff');
    expect(ofType(r.events, 'damage')).toHaveLength(0);
  });

  it('R4.3 tie knobs: attacker, defender, bothDamaged, reroll', () => {
    const run = (tie: string, rolls: number[]) => play(start(squads({ clash: { tie } }), rolls), clash('a', [['x1', 'y']]), respond('b', { y: 'defend' }));
    expect(hp(run('attacker', [4, 4]).state, 'b:y')).toBe(0);
    expect(hp(run('defender', [4, 4]).state, 'a:x1')).toBe(1);
    const both = run('bothDamaged', [4, 4]).state;
    expect([hp(both, 'a:x1'), hp(both, 'b:y')]).toEqual([1, 0]);
    const re = run('reroll', [4, 4, 2, 2, 6, 1]);
    expect(ofType(re.events, 'pairResolved')[0]).toMatchObject({ attackerResult: 6, defenderResult: 1, outcome: 'attacker' });
    const capped = run('reroll', Array<number>(22).fill(3));
    expect(ofType(capped.events, 'pairResolved')[0]!.outcome).toBe('standoff');
    expect(ofType(capped.events, 'dieRolled')).toHaveLength(22);
  });

  it('R4.4 an absorbed pair is won by the attacker; threshold needs a result ≥ N', () => {
    const hit = play(start(squads(), [1]), clash('a', [['x1', 'y']]), respond('b', { y: 'absorb' }));
    expect(ofType(hit.events, 'pairResolved')[0]).toMatchObject({ defender: null, outcome: 'attacker', attackerResult: 1 });
    const thr = squads({ clash: { absorb: 'threshold', absorbThreshold: 4 } });
    const miss = play(start(thr, [3]), clash('a', [['x1', 'y']]), respond('b', { y: 'absorb' }));
    expect(ofType(miss.events, 'pairResolved')[0]!.outcome).toBe('miss');
    const ok4 = play(start(thr, [4]), clash('a', [['x1', 'y']]), respond('b', { y: 'absorb' }));
    expect(hp(ok4.state, 'b:y')).toBe(0);
  });

  it('R4.5 simultaneous: a member taken out in the Clash still deals its damage; sequential skips it', () => {
    const sim = play(start(squads(), [5, 2, 1, 6]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(hp(sim.state, 'b:y')).toBe(0);
    expect(hp(sim.state, 'a:x2')).toBe(1);
    const seq = play(start(squads({ clash: { timing: 'sequential' } }), [5, 2]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(seq.events, 'pairResolved').map((p) => p.outcome)).toEqual(['attacker', 'skipped']);
    expect(hp(seq.state, 'a:x2')).toBe(2);
  });

  it('R4.5 simultaneous rolls use the Health of the Clash start', () => {
    const r = play(start(squads(), [5, 2, 1, 6]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    // y lost its only Health in the first pair, yet rolls its full d8 in the second.
    expect(ofType(r.events, 'dieRolled').map((e) => e.cap)).toEqual([6, 8, 6, 8]);
  });
});
