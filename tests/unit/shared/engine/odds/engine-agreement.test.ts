import { describe, expect, it } from 'vitest';
import { applyAction, createBattle } from '../../../../../src/shared/engine';
import type { BattleState } from '../../../../../src/shared/engine';
import { pairOdds, toNumber } from '../../../../../src/shared/engine/odds';
import type { RollerSpec } from '../../../../../src/shared/engine/odds';
import type { DieName, Effect, RulesetKnobs } from '../../../../../src/shared/model/types';
import { mkSetup } from '../helpers';

interface Case {
  name: string;
  a: RollerSpec;
  b: RollerSpec;
  ruleset?: { clash?: Partial<RulesetKnobs['clash']>; damage?: Partial<RulesetKnobs['damage']> };
}

const effectsOf = (r: RollerSpec): Effect[] => [
  ...(r.rollModifier ? [{ rollModifier: r.rollModifier }] : []),
  ...(r.keepHighest ? [{ keepHighest: r.keepHighest }] : []),
  ...(r.reroll ? [{ reroll: 'once' as const }] : []),
  ...(r.dieOverride ? [{ dieOverride: r.dieOverride }] : []),
];

/** Plays one defended pair through the engine: `a:x` attacks `b:y`, which defends. */
const engineOutcomes = (c: Case, runs: number): { attacker: number; defender: number; tie: number } => {
  // Side b gets a d20 bystander in another Area so side a always has the lower crew value (R2.2).
  const setup = mkSetup({
    areas: ['field', 'far'],
    a: [{ id: 'x', die: c.a.die, health: 4, effects: effectsOf(c.a) }],
    b: [
      { id: 'y', die: c.b.die, health: 4, effects: effectsOf(c.b) },
      { id: 'z', die: 'd20' as DieName, area: 'far' },
    ],
    ruleset: c.ruleset,
  });
  const counts = { attacker: 0, defender: 0, tie: 0 };
  for (let seed = 0; seed < runs; seed++) {
    const s0: BattleState = createBattle(setup, seed * 7919 + 1);
    expect(s0.side).toBe(0);
    s0.health[0] = 4 - (c.a.lost ?? 0);
    s0.health[1] = 4 - (c.b.lost ?? 0);
    const declared = applyAction(s0, { type: 'clash', side: 'a', attacks: [{ attacker: 'a:x', target: 'b:y' }] });
    if (!declared.ok) throw new Error(declared.error.message);
    const resolved = applyAction(declared.value.state, { type: 'respond', side: 'b', responses: { 'b:y': 'defend' } });
    if (!resolved.ok) throw new Error(resolved.error.message);
    const pair = resolved.value.events.find((e) => e.type === 'pairResolved');
    if (pair?.type !== 'pairResolved') throw new Error('no pair resolved');
    if (pair.outcome === 'attacker') counts.attacker++;
    else if (pair.outcome === 'defender') counts.defender++;
    else counts.tie++;
  }
  return counts;
};

const cases: Case[] = [
  { name: 'd6 vs d6, core', a: { die: 'd6' }, b: { die: 'd6' } },
  { name: 'd12 lost 2 vs d8, core (R1.4 clamp)', a: { die: 'd12', lost: 2 }, b: { die: 'd8' } },
  { name: 'd10 lost 1 vs d10 lost 3, cappedRoll reroll (R1.5)', a: { die: 'd10', lost: 1 }, b: { die: 'd10', lost: 3 }, ruleset: { damage: { cappedRoll: 'reroll' } } },
  { name: 'd8 vs d8, tie reroll (R4.3)', a: { die: 'd8' }, b: { die: 'd8' }, ruleset: { clash: { tie: 'reroll' } } },
  { name: 'd6 reroll + keepHighest d4 vs d8 +1 (R11)', a: { die: 'd6', reroll: true, keepHighest: 'd4' }, b: { die: 'd8', rollModifier: 1 } },
  { name: 'd4 dieOverride d12 vs d10 reroll, tie defender', a: { die: 'd4', dieOverride: 'd12' }, b: { die: 'd10', reroll: true }, ruleset: { clash: { tie: 'defender' } } },
];

describe('simulated pairs agree with the exact odds (R4.2, R4.3, R1.4, R1.5, R11)', () => {
  const runs = 4000;
  for (const c of cases) {
    it(`${c.name}: within 4 standard errors over ${runs} engine pairs`, () => {
      const knobs = {
        damage: { maxRollStep: 2, maxRollFloor: 1, cappedRoll: 'clamp' as const, ...c.ruleset?.damage },
        captain: { lastStandMaxRoll: 2 },
        clash: { tie: c.ruleset?.clash?.tie ?? ('standoff' as const) },
      };
      const exact = pairOdds(c.a, c.b, knobs);
      const seen = engineOutcomes(c, runs);
      const check = (p: number, k: number): void => {
        const se = Math.sqrt((p * (1 - p)) / runs);
        expect(Math.abs(k / runs - p)).toBeLessThanOrEqual(4 * se + 1e-9);
      };
      check(toNumber(exact.attackerWins), seen.attacker);
      check(toNumber(exact.defenderWins), seen.defender);
      check(toNumber(exact.tie), seen.tie);
    });
  }
});
