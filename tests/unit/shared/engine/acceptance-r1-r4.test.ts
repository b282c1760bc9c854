/**
 * Acceptance review of R1–R4 (issue 3): independent tests per rule and per knob value, with
 * tiny inline setups and scripted dice. Side `a` always has the lower crew value (Initiative).
 */
import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, currentDecision, isLegal } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { compile } from '../../../../src/shared/engine/compiled';
import { rollMember } from '../../../../src/shared/engine/rolls';
import { cloneState } from '../../../../src/shared/engine/state';
import type { MemberSpec, SetupSpec } from './helpers';
import { clash, hp, mkSetup, ofType, play, respond, scripted, start } from './helpers';

const hold = (side: 'a' | 'b', id: string): Action => ({ type: 'hold', side, member: `${side}:${id}` });
const duel = (ruleset: SetupSpec['ruleset'] = {}, a: MemberSpec[] = [{ id: 'x', die: 'd6', health: 3 }], b: MemberSpec[] = [{ id: 'y', die: 'd8', health: 3 }]) => mkSetup({ a, b, ruleset });

describe('R1 acceptance', () => {
  it('R1.5 clamp: a result above the max roll counts as the max roll; the full die is rolled', () => {
    const dice = scripted([6, 7]);
    const s0 = createBattle(duel({}, [{ id: 'x', die: 'd6', health: 2 }]), 1, { dice });
    const s = { ...s0, health: [1, 3] };
    const r = play(s, clash('a', [['x', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'dieRolled')[0]).toMatchObject({ raw: 6, cap: 4, final: 4 });
    expect(dice.asked).toEqual([6, 8]);
  });

  it('R1.5 cappedRoll reroll: the result is uniform on 1..max roll; clamp piles the excess on the max', () => {
    const count = (cappedRoll: 'clamp' | 'reroll'): number[] => {
      const setup = duel({ damage: { cappedRoll } }, [{ id: 'x', die: 'd12', health: 3 }]);
      const s = cloneState(createBattle(setup, 7));
      s.health[0] = 1; // lost 2 → max roll 12 − 4 = 8
      const c = compile(setup);
      const seen = new Array<number>(13).fill(0);
      for (let i = 0; i < 8000; i++) seen[rollMember(s, c, { member: 0 }, 'clash', [])]! += 1;
      return seen;
    };
    const rr = count('reroll');
    expect(rr.slice(9).every((n) => n === 0)).toBe(true);
    for (let v = 1; v <= 8; v++) {
      expect(rr[v]! / 8000).toBeGreaterThan(0.11);
      expect(rr[v]! / 8000).toBeLessThan(0.14);
    }
    const cl = count('clamp');
    expect(cl[8]! / 8000).toBeGreaterThan(0.38); // 5/12 ≈ 0.417
    expect(cl[1]! / 8000).toBeLessThan(0.1); // 1/12 ≈ 0.083
  });
});

describe('R2 acceptance', () => {
  const even = (ruleset: SetupSpec['ruleset'] = {}) => mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd6' }], ruleset });

  it('R2.2 equal crew values roll off on d6, rerolling ties until one side is higher', () => {
    const dice = scripted([3, 3, 5, 5, 2, 4]);
    const s = createBattle(even(), 1, { dice });
    const ev = ofType(s.openingEvents, 'initiative')[0]!;
    expect(ev).toMatchObject({ how: 'rolloff', side: 'b', rolloff: [[3, 3], [5, 5], [2, 4]] });
    expect(dice.asked).toEqual([6, 6, 6, 6, 6, 6]);
    expect(currentDecision(s)?.side).toBe('b');
  });

  it('R2.2 initiative.tie alternate: round 1 rolls off, then the side that did not have it gets it', () => {
    let s = createBattle(even({ initiative: { tie: 'alternate' } }), 1, { dice: scripted([6, 1]) });
    expect(ofType(s.openingEvents, 'initiative')[0]).toMatchObject({ side: 'a', how: 'rolloff' });
    const sides: string[] = [];
    for (let round = 0; round < 3; round++) {
      const r = play(s, hold(s.side === 0 ? 'a' : 'b', s.side === 0 ? 'x' : 'y'), hold(s.side === 0 ? 'b' : 'a', s.side === 0 ? 'y' : 'x'));
      sides.push(ofType(r.events, 'initiative')[0]!.side);
      expect(ofType(r.events, 'initiative')[0]!.how).toBe('alternate');
      s = r.state;
    }
    expect(sides).toEqual(['b', 'a', 'b']);
  });

  it('R2.2 the lower crew value has Initiative without any roll', () => {
    const dice = scripted([]);
    const s = createBattle(duel(), 1, { dice });
    expect(ofType(s.openingEvents, 'initiative')[0]).toMatchObject({ side: 'a', how: 'lowerValue', values: { a: 6, b: 8 } });
    expect(dice.asked).toEqual([]);
  });

  it('R2.3 a side with nobody able to act is skipped; the other keeps going; then the round ends', () => {
    const s = start(mkSetup({ a: [{ id: 'x1', die: 'd4' }, { id: 'x2', die: 'd4' }, { id: 'x3', die: 'd4' }], b: [{ id: 'y', die: 'd20' }] }));
    const r1 = play(s, hold('a', 'x1'), hold('b', 'y'));
    expect(currentDecision(r1.state)).toEqual({ side: 'a', kind: 'turn' });
    const r2 = play(r1.state, hold('a', 'x2'));
    expect(currentDecision(r2.state)).toEqual({ side: 'a', kind: 'turn' });
    expect(r2.state.round).toBe(1);
    const r3 = play(r2.state, hold('a', 'x3'));
    expect(ofType(r3.events, 'roundEnded')[0]!.round).toBe(1);
    expect(r3.state.round).toBe(2);
  });
});

/** a: x1, x2 (d6, 2 Health); b: y (d8, 2 Health), z (d8, 2 Health). */
const squads = (ruleset: SetupSpec['ruleset'] = {}) =>
  mkSetup({ a: [{ id: 'x1', die: 'd6', health: 2 }, { id: 'x2', die: 'd6', health: 2 }], b: [{ id: 'y', die: 'd8', health: 2 }, { id: 'z', die: 'd8', health: 2 }], ruleset });

describe('R3 acceptance', () => {
  it('R3.2 a member that already attacked this round must absorb: the Clash resolves without asking', () => {
    const s = play(start(squads(), [1, 6, 3, 3]), clash('a', [['x1', 'y']]), respond('b', { y: 'defend' })).state;
    const r = play(s, clash('b', [['z', 'x2']]), respond('a', { x2: 'absorb' }), clash('a', [['x2', 'z']]));
    // z attacked in b's turn, so when x2 targets it there is no respond step.
    expect(ofType(r.events, 'responses').at(-1)!.responses).toEqual({ 'b:z': 'absorb' });
    expect(currentDecision(r.state)?.kind).toBe('turn');
  });

  it('R3.2 with one ready and one activated target, the activated one may not defend', () => {
    const s = play(start(squads(), [4]), hold('a', 'x1'), hold('b', 'y'));
    const r = play(s.state, clash('a', [['x2', 'y']]));
    expect(r.state.phase).toBe('turn');
    const withTwo = mkSetup({ a: [{ id: 'x1', die: 'd6' }, { id: 'x2', die: 'd6' }, { id: 'x3', die: 'd6' }], b: [{ id: 'y', die: 'd20' }, { id: 'z', die: 'd20' }] });
    const p = play(start(withTwo), hold('a', 'x1'), hold('b', 'y'), clash('a', [['x2', 'y'], ['x3', 'z']])).state;
    expect(currentDecision(p)).toEqual({ side: 'b', kind: 'respond' });
    const bad = applyAction(p, respond('b', { y: 'defend', z: 'absorb' }));
    expect(!bad.ok && bad.error.message).toContain('must absorb');
    expect(isLegal(p, respond('b', { y: 'absorb', z: 'defend' }))).toBe(true);
  });

  it('R3.3 interception: the interceptor rolls, takes the loss, is activated; the target stays ready', () => {
    const s = play(start(squads({ clash: { interception: true } }), [1, 5]), clash('a', [['x1', 'y']])).state;
    expect(isLegal(s, respond('b', {}, { y: 'y' }))).toBe(false);
    const r = play(s, respond('b', {}, { y: 'z' }));
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ defender: 'b:z', defenderResult: 5, outcome: 'defender' });
    expect(hp(r.state, 'a:x1')).toBe(1);
    expect(r.state.used[3]).toBe(1); // z activated
    expect(r.state.used[2]).toBe(0); // y untouched and still ready
  });
});

describe('R4 acceptance', () => {
  it('R4.2 defenderRolls once: one defender roll counts against all its pairs; perPair rolls afresh', () => {
    const once = start(squads({ clash: { defenderRolls: 'once' } }), [5, 4, 3]);
    const r = play(once, clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    const pairs = ofType(r.events, 'pairResolved');
    expect(pairs.map((p) => p.defenderResult)).toEqual([4, 4]);
    expect(pairs.map((p) => p.outcome)).toEqual(['attacker', 'defender']);
    expect(ofType(r.events, 'dieRolled')).toHaveLength(3);
    const per = play(start(squads(), [5, 4, 3, 1]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(per.events, 'pairResolved').map((p) => p.defenderResult)).toEqual([4, 1]);
    expect(ofType(per.events, 'pairResolved').map((p) => p.outcome)).toEqual(['attacker', 'attacker']);
  });

  const tie = (t: string, rolls: number[]) => play(start(squads({ clash: { tie: t as never } }), rolls), clash('a', [['x1', 'y']]), respond('b', { y: 'defend' }));
  it('R4.3 every tie value: standoff, attacker, defender, bothDamaged', () => {
    const st = tie('standoff', [3, 3]);
    expect([hp(st.state, 'a:x1'), hp(st.state, 'b:y')]).toEqual([2, 2]);
    expect(ofType(st.events, 'pairResolved')[0]!.outcome).toBe('standoff');
    const at = tie('attacker', [3, 3]);
    expect([hp(at.state, 'a:x1'), hp(at.state, 'b:y')]).toEqual([2, 1]);
    const df = tie('defender', [3, 3]);
    expect([hp(df.state, 'a:x1'), hp(df.state, 'b:y')]).toEqual([1, 2]);
    const bd = tie('bothDamaged', [3, 3]);
    expect([hp(bd.state, 'a:x1'), hp(bd.state, 'b:y')]).toEqual([1, 1]);
  });

  it('R4.3 tie reroll rolls the pair again until it is decided', () => {
    const r = tie('reroll', [3, 3, 2, 2, 6, 1]);
    expect(ofType(r.events, 'dieRolled')).toHaveLength(6);
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ attackerResult: 6, defenderResult: 1, outcome: 'attacker' });
    expect(hp(r.state, 'b:y')).toBe(1);
  });

  it('R4.3 tie reroll stops after 10 rerolls and is then a standoff', () => {
    const dice = scripted(new Array<number>(22).fill(2).concat([6, 1]));
    const s = createBattle(squads({ clash: { tie: 'reroll' } }), 1, { dice });
    const r = play(s, clash('a', [['x1', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'dieRolled')).toHaveLength(22);
    expect(dice.left()).toBe(2);
    expect(ofType(r.events, 'pairResolved')[0]!.outcome).toBe('standoff');
    expect([hp(r.state, 'a:x1'), hp(r.state, 'b:y')]).toEqual([2, 2]);
  });

  it('R4.4 absorb hit wins whatever the roll; threshold needs a result ≥ absorbThreshold', () => {
    const hit = play(start(squads(), [1]), clash('a', [['x1', 'y']]), respond('b', { y: 'absorb' }));
    expect(hp(hit.state, 'b:y')).toBe(1);
    const th = (roll: number, n: number) => play(start(squads({ clash: { absorb: 'threshold', absorbThreshold: n } }), [roll]), clash('a', [['x1', 'y']]), respond('b', { y: 'absorb' }));
    expect(hp(th(3, 4).state, 'b:y')).toBe(2);
    expect(ofType(th(3, 4).events, 'pairResolved')[0]!.outcome).toBe('miss');
    expect(hp(th(4, 4).state, 'b:y')).toBe(1);
    expect(hp(th(5, 6).state, 'b:y')).toBe(2);
  });

  it('R4.5 simultaneous: a member incapacitated mid-Clash still deals its damage; rolls use start Health', () => {
    // y (2 Health) defends both pairs: loses pair 1 (x1 deals 2), wins pair 2 rolling 8 with its start Health.
    const setup = (timing: 'simultaneous' | 'sequential') =>
      mkSetup({ a: [{ id: 'x1', die: 'd6', health: 2, effects: [{ damage: 2 }] }, { id: 'x2', die: 'd6', health: 2 }], b: [{ id: 'y', die: 'd8', health: 2 }, { id: 'z', die: 'd8', captain: true }], ruleset: { clash: { timing } } });
    const sim = play(start(setup('simultaneous'), [6, 1, 2, 8]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(sim.events, 'pairResolved').map((p) => p.outcome)).toEqual(['attacker', 'defender']);
    expect(ofType(sim.events, 'dieRolled')[3]).toMatchObject({ raw: 8, cap: 8, final: 8 });
    expect(hp(sim.state, 'b:y')).toBe(0);
    expect(hp(sim.state, 'a:x2')).toBe(1);
    const seq = play(start(setup('sequential'), [6, 1]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(seq.events, 'pairResolved').map((p) => p.outcome)).toEqual(['attacker', 'skipped']);
    expect(hp(seq.state, 'a:x2')).toBe(2);
  });

  it('R4.5 sequential: damage lands at once, so a later pair rolls with the reduced Health', () => {
    const setup = mkSetup({ a: [{ id: 'x1', die: 'd6', health: 2 }, { id: 'x2', die: 'd6', health: 2 }], b: [{ id: 'y', die: 'd8', health: 3 }, { id: 'z', die: 'd8', captain: true }], ruleset: { clash: { timing: 'sequential' } } });
    const r = play(start(setup, [6, 1, 2, 8]), clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' }));
    expect(ofType(r.events, 'dieRolled')[3]).toMatchObject({ raw: 8, cap: 6, final: 6 });
  });
});
