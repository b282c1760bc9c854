import { describe, expect, it } from 'vitest';
import { applyAction, currentDecision, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action, Order } from '../../../../src/shared/engine';
import { hp, mkSetup, ofType, playPhased as play, respond, start } from './helpers';

const declare = (side: 'a' | 'b', orders: Order[]): Action => ({ type: 'declare', side, orders });
const o = (side: 'a' | 'b', id: string, act: Order['act'], arg?: string): Order => {
  const member = `${side}:${id}`;
  const enemy = side === 'a' ? 'b' : 'a';
  if (act === 'clash') return { member, act, target: `${enemy}:${arg}` };
  if (act === 'move') return { member, act, to: arg };
  if (act === 'interact') return { member, act, objective: arg };
  return { member, act };
};
const phased = (extra: Partial<Parameters<typeof mkSetup>[0]> = {}) =>
  mkSetup({
    a: [{ id: 'gun', die: 'd6', ranged: true }, { id: 'runner', die: 'd8', health: 2 }],
    b: [{ id: 'brute', die: 'd12', health: 3 }, { id: 'scout', die: 'd4' }],
    areas: ['yard', 'roof'],
    objectives: [{ id: 'cache', name: 'Cache', area: 'yard', kind: 'interact', progress: 1, points: 2 }],
    ruleset: { turnStructure: 'phased' },
    ...extra,
  });

describe('R12 turnStructure phased', () => {
  it('R12 phased: both sides declare in secret, the Initiative side first', () => {
    const s = start(phased());
    expect(currentDecision(s)).toEqual({ side: 'a', kind: 'declare' });
    const r = play(s, declare('a', [o('a', 'gun', 'hold'), o('a', 'runner', 'hold')]));
    expect(currentDecision(r.state)).toEqual({ side: 'b', kind: 'declare' });
    expect(r.events).toEqual([{ type: 'ordersDeclared', side: 'a', count: 2 }]);
    expect(legalActions(r.state).every((a) => a.type === 'declare' && a.side === 'b')).toBe(true);
  });

  it('R12 phased: orders resolve ranged, then Clash, Interact, Move; higher die first inside a phase', () => {
    const s = start(phased(), [5, 1, 6, 1, 3]);
    const r = play(
      s,
      declare('a', [o('a', 'gun', 'clash', 'scout'), o('a', 'runner', 'move', 'roof')]),
      declare('b', [o('b', 'brute', 'clash', 'runner'), o('b', 'scout', 'interact', 'cache')]),
    );
    // ranged gun vs scout first: scout defends (it is ready) and loses.
    expect(currentDecision(r.state)).toEqual({ side: 'b', kind: 'respond' });
    const r2 = play(r.state, respond('b', { scout: 'defend' }));
    expect(ofType(r2.events, 'pairResolved')[0]).toMatchObject({ attackers: ['a:gun'], target: 'b:scout', outcome: 'attacker' });
    // scout defended: its Interact order is dropped later; brute attacks runner next (Clash phase).
    expect(currentDecision(r2.state)).toEqual({ side: 'a', kind: 'respond' });
    const r3 = play(r2.state, respond('a', { runner: 'absorb' }));
    const dropped = ofType(r3.events, 'orderDropped').map((e) => e.member);
    expect(dropped).toContain('b:scout');
    expect(ofType(r3.events, 'moved')[0]).toMatchObject({ member: 'a:runner', to: 'roof' });
    expect(r3.state.round).toBe(2);
    expect(currentDecision(r3.state)?.kind).toBe('declare');
  });

  it('R12 phased: an order that is no longer possible when its phase comes is dropped', () => {
    const s = start(phased(), []);
    const r = play(s, declare('a', [o('a', 'gun', 'hold'), o('a', 'runner', 'move', 'roof')]), declare('b', [o('b', 'brute', 'hold'), o('b', 'scout', 'clash', 'runner')]));
    // scout (clash phase) acts before runner's move: runner must answer.
    expect(currentDecision(r.state)).toEqual({ side: 'a', kind: 'respond' });
    const illegal = applyAction(start(phased()), declare('a', [o('a', 'gun', 'clash', 'nobody')]));
    expect(illegal.ok).toBe(false);
    expect(isLegal(start(phased()), declare('a', [o('a', 'gun', 'hold'), o('a', 'gun', 'hold')]))).toBe(false);
  });

  it('R12 phased: Interact and scoring still work, and members left out take no action', () => {
    const r = play(start(phased()), declare('a', [o('a', 'runner', 'interact', 'cache')]), declare('b', []));
    expect(r.state.points).toEqual([2, 0]);
    expect(hp(r.state, 'b:brute')).toBe(3);
    expect(r.state.round).toBe(2);
  });
});
