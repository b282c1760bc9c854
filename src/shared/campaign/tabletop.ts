/** A battle played at the table with real dice, turned into a campaign record. */
import { aftermathOutcome } from '../engine/aftermath';
import type { CampaignBattle } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { battleKnobs, battleRulesetId } from './refs';

/** What the players report after a tabletop game. */
export interface TabletopInput {
  scenario: string;
  date: string;
  /** Crew id per side id. */
  sides: Record<string, string>;
  /** A side id, or null for a draw. */
  winner: string | null;
  points: Record<string, number>;
  /** Aftermath rolls typed in: `crew/member` → roll, with who took it down when known. */
  rolls: { member: string; roll: number; by?: string }[];
  fled?: string[];
  text?: string;
}

/**
 * The campaign record of a tabletop game: no seed (the dice were real), the ruleset by the usual
 * precedence, and each typed roll read on the ruleset's aftermath table (R10.1). A roll outside the
 * die keeps outcome `recovers` here; `checkRecord` refuses it with its own message.
 */
export function recordFromTabletop(model: WorkspaceModel, input: TabletopInput): CampaignBattle {
  const knobs = battleKnobs(model, input.scenario);
  const battle: CampaignBattle = {
    scenario: input.scenario,
    date: input.date,
    sides: { ...input.sides },
    winner: input.winner,
    points: { ...input.points },
    ruleset: battleRulesetId(model, input.scenario),
  };
  if (input.rolls.length > 0) {
    battle.aftermath = input.rolls.map((r) => {
      const outcome = knobs.ok ? aftermathOutcome(knobs.value.aftermath, r.roll) : 'recovers';
      return r.by ? { member: r.member, roll: r.roll, outcome, by: r.by } : { member: r.member, roll: r.roll, outcome };
    });
  }
  if (input.fled && input.fled.length > 0) battle.fled = [...input.fled];
  if (input.text) battle.text = input.text;
  return battle;
}
