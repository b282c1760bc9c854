/**
 * Exact odds of a defended pair in a live battle (issue 5, "respond … with the exact odds of each
 * pair shown"): each roller's die (or `dieOverride`), lost Health, Last Stand, `keepHighest`,
 * `rollModifier` and `reroll` as the engine applies them (R1.4, R1.5, R4.2, R4.3, R6.2, R7.2, R11).
 */
import { compile } from '../compiled';
import type { Compiled } from '../compiled';
import { activeEffects, hasEffect, lastValue, sumOf } from '../effects';
import type { EffectContext } from '../effects';
import { pairCounts, rational, resolveTie } from '../odds';
import type { PairOdds, Rational, RollDistribution } from '../odds';
import { maxOf, rollDistribution, withModifier } from '../odds/roll-distribution';
import { FLAG } from '../types';
import type { BattleState, MemberKey } from '../types';
import type { DieName, RulesetKnobs } from '../../model/types';

interface Roller {
  dist: RollDistribution;
  reroll: boolean;
}

const rollerOf = (s: BattleState, c: Compiled, ctx: EffectContext): Roller => {
  const m = ctx.member;
  const effects = activeEffects(s, c, ctx);
  const die = (lastValue(effects, 'dieOverride') ?? c.members[m]!.die) as DieName;
  const kh = lastValue(effects, 'keepHighest') as DieName | null;
  const dist = rollDistribution(
    {
      die,
      lost: c.members[m]!.maxHealth - s.health[m]!,
      lastStand: (s.flags[m]! & FLAG.lastStand) !== 0,
      keepHighest: kh ?? undefined,
      rollModifier: sumOf(effects, 'rollModifier'),
    },
    s.setup.ruleset,
  );
  return { dist, reroll: hasEffect(effects, 'reroll') };
};

const asFractions = (
  a: Roller,
  d: Roller,
  rerolls: boolean,
  tie: RulesetKnobs['clash']['tie'],
): [Rational, Rational, Rational] => {
  // As `pairOdds`: the first roll plays `reroll` under the tie knob; tie rerolls roll plain.
  const c = rerolls ? pairCounts(a.dist, d.dist, a.reroll, d.reroll, tie) : pairCounts(a.dist, d.dist);
  return [rational(c.higher, c.total), rational(c.lower, c.total), rational(c.equal, c.total)];
};

/**
 * Exact odds that `attackers` (one member, or a Swarm / keepHighest group) beat `defender` in one
 * defended pair, in `state` as it is now. `mode` tells how a group rolls: `swarm` adds
 * `swarm.bonusPerExtra` per member beyond `swarm.minSize`. Null when a key is unknown.
 */
export function battlePairOdds(
  state: BattleState,
  attackers: readonly MemberKey[],
  defender: MemberKey,
  mode: 'single' | 'swarm' | 'group' = 'single',
): PairOdds | null {
  const c = compile(state.setup);
  const d = c.keyIndex.get(defender);
  const idx = attackers.map((k) => c.keyIndex.get(k));
  if (d === undefined || idx.length === 0 || idx.some((i) => i === undefined)) return null;
  const members = idx as number[];
  const swarm = mode === 'swarm';
  const rollers = members.map((m) =>
    rollerOf(state, c, { member: m, role: 'attacker', opponent: d, inSwarm: swarm }),
  );
  let attacker: Roller = rollers[0]!;
  if (members.length > 1 || mode !== 'single') {
    const bonus = swarm
      ? state.setup.ruleset.swarm.bonusPerExtra *
        Math.max(0, members.length - state.setup.ruleset.swarm.minSize)
      : 0;
    attacker = {
      dist: withModifier(
        rollers.slice(1).reduce((acc, r) => maxOf(acc, r.dist), rollers[0]!.dist),
        bonus,
      ),
      reroll: false,
    };
  }
  const def = rollerOf(state, c, { member: d, role: 'defender', opponent: members[0], vsSwarm: swarm });
  const tie = state.setup.ruleset.clash.tie;
  const first = asFractions(attacker, def, true, tie);
  const again = attacker.reroll || def.reroll ? asFractions(attacker, def, false, tie) : first;
  return resolveTie(first, state.setup.ruleset.clash.tie, again);
}
