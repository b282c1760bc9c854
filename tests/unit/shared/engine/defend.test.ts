import { describe, expect, it } from 'vitest';
import { clash, hp, mkSetup, ofType, play, respond, start } from './helpers';

/** Three d4 raiders (a Swarm when declared so) and one defender. */
const raiders = (ruleset = {}) =>
  mkSetup({
    a: [{ id: 'r1', die: 'd4' }, { id: 'r2', die: 'd4' }, { id: 'r3', die: 'd4' }],
    b: [{ id: 'big', die: 'd20', health: 4, cost: 40 }],
    ruleset,
  });
const allOn = (ids: string[]): [string, string][] => ids.map((id) => [id, 'big']);

// resolve.ts `defend`: the one defended half of a single pair and of a Swarm or group pair.
describe('R4.4 a tie rerolled: the defended half (resolve.ts defend) of a single and of a Swarm pair', () => {
  it('R4.4, R6.2 a Swarm tied under tie: reroll rolls the whole Swarm again, then the defender', () => {
    // Swarm 2, 4, 1 (best 4) ties the defender's 4; the Swarm rerolls 1, 1, 3 (best 3) and the defender 2.
    const r = play(start(raiders({ clash: { tie: 'reroll' } }), [2, 4, 1, 4, 1, 1, 3, 2]), clash('a', allOn(['r1', 'r2', 'r3']), [['r1', 'r2', 'r3']]), respond('b', { big: 'defend' }));
    expect(ofType(r.events, 'groupRolled').map((e) => e.best)).toEqual([4, 3]);
    expect(ofType(r.events, 'dieRolled').map((e) => `${e.member}:${e.final}:${e.purpose}`)).toEqual([
      'a:r1:2:clash', 'a:r2:4:clash', 'a:r3:1:clash', 'b:big:4:clash',
      'a:r1:1:reroll', 'a:r2:1:reroll', 'a:r3:3:reroll', 'b:big:2:reroll',
    ]);
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ attackerResult: 3, defenderResult: 2, outcome: 'attacker' });
    expect(hp(r.state, 'b:big')).toBe(3);
  });

  it('R4.4 a single attacker tied under tie: reroll rolls its own die again, then the defender', () => {
    const r = play(start(raiders({ clash: { tie: 'reroll' } }), [3, 3, 1, 2]), clash('a', [['r1', 'big']]), respond('b', { big: 'defend' }));
    expect(ofType(r.events, 'groupRolled')).toHaveLength(0);
    expect(ofType(r.events, 'dieRolled').map((e) => `${e.member}:${e.final}:${e.purpose}`)).toEqual(['a:r1:3:clash', 'b:big:3:clash', 'a:r1:1:reroll', 'b:big:2:reroll']);
    expect(ofType(r.events, 'pairResolved')[0]).toMatchObject({ attackerResult: 1, defenderResult: 2, outcome: 'defender' });
    expect(hp(r.state, 'a:r1')).toBe(0);
  });
});
