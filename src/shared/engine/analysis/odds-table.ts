/**
 * Exact pair odds laid out for the Odds view: one row per outcome of a defended pair (R4.2, R4.3)
 * of two plain dice with lost Health (R1.4, R1.5), under a ruleset's knobs.
 */
import type { DieName, RulesetKnobs } from '../../model/types';
import { pairOdds, toFraction, toNumber } from '../odds';
import type { PairOdds } from '../odds';

/** One outcome with its exact fraction (lowest terms) and its value. */
export interface OddsRow {
  outcome: 'attackerWins' | 'defenderWins' | 'tie';
  label: string;
  fraction: string;
  value: number;
}

/** A roller of the table: a die and the Health it has lost. */
export interface PlainRoller {
  die: DieName;
  lost: number;
}

const LABELS: Record<OddsRow['outcome'], string> = {
  attackerWins: 'Attacker wins',
  defenderWins: 'Defender wins',
  tie: 'Tie (nothing decided)',
};

/** Exact odds of the pair as rows in the order attacker wins, defender wins, tie; they sum to 1. */
export function oddsRows(attacker: PlainRoller, defender: PlainRoller, knobs: RulesetKnobs): OddsRow[] {
  const odds: PairOdds = pairOdds(
    { die: attacker.die, lost: Math.max(0, attacker.lost) },
    { die: defender.die, lost: Math.max(0, defender.lost) },
    knobs,
  );
  return (['attackerWins', 'defenderWins', 'tie'] as const).map((outcome) => ({
    outcome,
    label: LABELS[outcome],
    fraction: toFraction(odds[outcome]),
    value: toNumber(odds[outcome]),
  }));
}

/** Odds of the pair for every attacker lost Health 0..`maxLost` (defender fixed), for a chart. */
export function oddsByAttackerLoss(
  attacker: DieName,
  defender: PlainRoller,
  knobs: RulesetKnobs,
  maxLost: number,
): { lost: number; attackerWins: number; defenderWins: number; tie: number }[] {
  const out = [];
  for (let lost = 0; lost <= Math.max(0, maxLost); lost++) {
    const [a, d, t] = oddsRows({ die: attacker, lost }, defender, knobs);
    out.push({ lost, attackerWins: a!.value, defenderWins: d!.value, tie: t!.value });
  }
  return out;
}
