/**
 * The odds a target shows on the board (issue 17, item 4: "hovering a target shows the exact odds
 * of the pair"): for each of the user's members that may attack it now, the exact odds of that
 * attacker against it — found by declaring the one-pair Clash on a copy of the state and reading
 * the response the engine would then ask for (the same odds the response panel shows). Pure.
 */
import { applyAction } from '../../../shared/engine';
import type { BattleState, MemberKey } from '../../../shared/engine';
import type { PairOdds } from '../../../shared/engine/odds';
import { responseChoices } from './decision-model';
import type { TurnChoices } from './decision-model';

/** One attacker's odds against a target. */
export interface AttackOdds {
  attacker: MemberKey;
  name: string;
  /** `defended`: the target may defend (odds of the rolled pair); `absorbed`: it must absorb (R3.2, R4.4). */
  kind: 'defended' | 'absorbed';
  odds: PairOdds | null;
  /** What happens when the target absorbs, in words (R4.4). */
  absorbNote: string;
}

/** Enemy targets of a turn: target key → the user's members that may attack it. */
export function targetsOfTurn(tc: TurnChoices): Map<MemberKey, { key: MemberKey; name: string }[]> {
  const out = new Map<MemberKey, { key: MemberKey; name: string }[]>();
  for (const a of tc.attackers)
    for (const t of a.targets) out.set(t.key, [...(out.get(t.key) ?? []), { key: a.key, name: a.name }]);
  return out;
}

/** The odds of each attacker against `target` if it alone attacked it now. */
export function attackOdds(state: BattleState, side: string, attackers: readonly { key: MemberKey; name: string }[], target: MemberKey): AttackOdds[] {
  const knobs = state.setup.ruleset.clash;
  const absorbNote =
    knobs.absorb === 'threshold'
      ? `the target absorbs: the attack hits on a result of ${knobs.absorbThreshold} or more (R4.4)`
      : 'the target absorbs: the attack hits (R4.4)';
  return attackers.map(({ key, name }) => {
    const declared = applyAction(state, { type: 'clash', side, attacks: [{ attacker: key, target }] });
    const choices = declared.ok ? responseChoices(declared.value.state) : null;
    const choice = choices?.find((c) => c.target === target);
    if (!choice || !choice.canDefend) return { attacker: key, name, kind: 'absorbed', odds: null, absorbNote };
    return { attacker: key, name, kind: 'defended', odds: choice.pairs[0]?.odds ?? null, absorbNote };
  });
}
