import { describe, expect, it } from 'vitest';
import type { Action, BattleState } from '../../../../../src/shared/engine';
import type { Policy } from '../../../../../src/shared/engine/bots';
import { decisionLimit, playBattle } from '../../../../../src/shared/engine/sim/runner';
import { mkSetup } from '../helpers';
import type { MemberSpec } from '../helpers';

/** Moves the first member of the deciding side that still has an action to the other Area. */
const mover: Policy = {
  name: 'mover',
  decide(state: BattleState): Action {
    const side = state.setup.sides[state.side]!;
    const offset = state.side === 0 ? 0 : state.setup.sides[0].members.length;
    const i = side.members.findIndex((_, j) => state.used[offset + j]! < 11);
    const to = state.area[offset + i] === 0 ? 'b' : 'a';
    return { type: 'move', side: side.id, member: side.members[i]!.key, to };
  },
};

describe('the runaway guard is derived from the setup (R2.1, R2.5)', () => {
  const crew = (side: string): MemberSpec[] => Array.from({ length: 100 }, (_, i) => ({ id: `${side}${i}`, die: 'd6', area: side, effects: [{ extraActions: 10 }] }));
  const big = mkSetup({ a: crew('a'), b: crew('b'), areas: ['a', 'b'], rounds: 50 });

  it('R2.5 100 members a side with extraActions 10 over 50 rounds (110,000 decisions) plays to its end', () => {
    expect(decisionLimit(big)).toBeGreaterThan(110_000);
    const played = playBattle(big, [mover, mover], 1, 1);
    if (!played.ok) throw new Error(played.error.message);
    expect(played.value.decisions).toHaveLength(110_000);
    expect(played.value.state.result).toMatchObject({ reason: 'rounds', rounds: 50 });
  });

  it('R2.1 the guard still stops a battle that takes more decisions than its setup allows', () => {
    const small = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd6' }], areas: ['a', 'b'] });
    expect(decisionLimit(small)).toBeLessThan(decisionLimit(big));
    const r = playBattle(small, [mover, mover], 1, 1, false, 3);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('sim/runaway');
    expect(!r.ok && r.error.message).toContain('after 3 decisions');
  });
});
