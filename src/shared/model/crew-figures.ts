/**
 * Figures of a crew from the rules, shared by the crew form and the print sheet: recruit costs
 * and crew value (R1.1, R1.2), max roll at each Health level (R1.4, R7.2) under a ruleset.
 */
import { maxRoll } from '../engine/rolls';
import { resolveRuleset } from '../engine/ruleset';
import { CORE_RULESET } from './ruleset-defaults';
import type { RulesetKnobs } from './types';
import type { WorkspaceModel } from './workspace';
import { asArray, asNumber, asRecord, asString, asStrings } from './read';

/** Sides of a die name (`d10` → 10), or undefined for anything that is not an Existence Die. */
export function dieSides(die: unknown): number | undefined {
  const m = /^d(4|6|8|10|12|20)$/.exec(asString(die));
  return m ? Number(m[1]) : undefined;
}

/** Recruit cost of one member: die value plus the `cost` of each known equipment item (R1.1). */
export function recruitCost(member: unknown, model: WorkspaceModel | null): number {
  const m = asRecord(member);
  const equipment = asStrings(m.equipment).reduce((sum, id) => sum + (asNumber(model?.equipment.get(id)?.cost) ?? 0), 0);
  return (dieSides(m.die) ?? 0) + equipment;
}

/** Crew value: the sum of recruit costs of all members (R1.2, counting everyone). */
export const crewValue = (members: unknown, model: WorkspaceModel | null): number =>
  asArray(members).reduce<number>((sum, m) => sum + recruitCost(m, model), 0);

/** The knobs of the workspace ruleset, or the core defaults when it cannot be resolved. */
export function workspaceKnobs(model: WorkspaceModel | null): RulesetKnobs {
  if (!model) return structuredClone(CORE_RULESET) as RulesetKnobs;
  const r = resolveRuleset(model);
  return r.ok ? r.value : (structuredClone(CORE_RULESET) as RulesetKnobs);
}

/** Max roll at one Health level; `lastStand` marks a Captain at 0 Health (R7.2). */
export interface HealthLevel {
  health: number;
  maxRoll: number;
  lastStand: boolean;
}

/** Max roll from full Health down to 1 (and 0 for a Captain in Last Stand), per R1.4 and R7.2. */
export function maxRollsByHealth(die: unknown, health: unknown, captain: boolean, knobs: RulesetKnobs): HealthLevel[] {
  const sides = dieSides(die);
  const max = asNumber(health);
  if (sides === undefined || max === undefined || max < 1 || max > 50) return [];
  const out: HealthLevel[] = [];
  for (let h = Math.floor(max); h >= 1; h--) out.push({ health: h, maxRoll: maxRoll(knobs, sides, max - h), lastStand: false });
  if (captain && knobs.captain.lastStand) out.push({ health: 0, maxRoll: maxRoll(knobs, sides, max, true), lastStand: true });
  return out;
}
