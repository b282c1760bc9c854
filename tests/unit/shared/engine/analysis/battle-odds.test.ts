import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../../src/shared/engine';
import { battlePairOdds } from '../../../../../src/shared/engine/analysis';
import { pairOdds, toFraction } from '../../../../../src/shared/engine/odds';
import type { PairOdds } from '../../../../../src/shared/engine/odds';
import { mkSetup } from '../helpers';

const f = (o: PairOdds | null): string[] =>
  o === null ? [] : [toFraction(o.attackerWins), toFraction(o.defenderWins), toFraction(o.tie)];

describe('pair odds in a live battle', () => {
  it('R11 rollModifier applies only when its `when` holds (attacker role)', () => {
    const s = createBattle(
      mkSetup({
        a: [{ id: 'x', die: 'd6', effects: [{ rollModifier: 1, when: { role: 'attacker' } }] }],
        b: [{ id: 'y', die: 'd6' }],
      }),
      1,
    );
    // d6+1 vs d6: attacker 21/36, tie 5/36, defender 10/36.
    expect(f(battlePairOdds(s, ['a:x'], 'b:y'))).toEqual(['7/12', '5/18', '5/36']);
    // As the defender, x gets no modifier: plain d6 vs d6.
    expect(f(battlePairOdds(s, ['b:y'], 'a:x'))).toEqual(['5/12', '5/12', '1/6']);
  });

  it('R1.4 lost Health lowers the max roll of the roller in the state', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', health: 2 }], b: [{ id: 'y', die: 'd6' }] });
    const s = createBattle(setup, 1);
    const hurt = { ...s, health: [1, ...s.health.slice(1)] };
    // d6 capped at 4 vs d6: attacker wins 1·0+1·1+1·2+3·3 = 12/36; ties 1+1+1+3 = 6/36.
    expect(f(battlePairOdds(hurt, ['a:x'], 'b:y'))).toEqual(['1/3', '1/2', '1/6']);
  });

  it('R6.2 a Swarm keeps the highest of its dice and adds bonusPerExtra beyond minSize', () => {
    const setup = mkSetup({
      a: [
        { id: 'p', die: 'd6' },
        { id: 'q', die: 'd6' },
        { id: 'r', die: 'd6' },
      ],
      b: [{ id: 'y', die: 'd6' }],
      ruleset: { swarm: { bonusPerExtra: 1, minSize: 2 } },
    });
    const s = createBattle(setup, 1);
    const odds = battlePairOdds(s, ['a:p', 'a:q', 'a:r'], 'b:y', 'swarm')!;
    // max of 3d6 (+1 for one member beyond minSize 2) against d6, computed by brute force.
    let win = 0;
    let tie = 0;
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let c = 1; c <= 6; c++)
          for (let d = 1; d <= 6; d++) {
            const r = Math.max(a, b, c) + 1;
            if (r > d) win++;
            else if (r === d) tie++;
          }
    expect(Number(odds.attackerWins.n) / Number(odds.attackerWins.d)).toBeCloseTo(win / 1296, 12);
    expect(Number(odds.tie.n) / Number(odds.tie.d)).toBeCloseTo(tie / 1296, 12);
    expect(battlePairOdds(s, ['a:nobody'], 'b:y')).toBeNull();
  });

  it('R11 reroll: a member with `reroll: once` gets the same odds as the odds module, under every tie knob (R4.3)', () => {
    for (const tie of ['standoff', 'attacker', 'defender', 'reroll', 'bothDamaged'] as const) {
      const setup = mkSetup({
        a: [{ id: 'x', die: 'd8', effects: [{ reroll: 'once' }] }],
        b: [{ id: 'y', die: 'd6' }],
        ruleset: { clash: { tie } },
      });
      const s = createBattle(setup, 1);
      const expected = pairOdds({ die: 'd8', reroll: true }, { die: 'd6' }, setup.ruleset);
      expect(f(battlePairOdds(s, ['a:x'], 'b:y'))).toEqual(f(expected));
    }
  });
});
