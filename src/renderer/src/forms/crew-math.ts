/**
 * Live figures of the crew form, from the rules: recruit costs and crew value (R1.1, R1.2),
 * max roll at each Health level (R1.4, R7.2) under the workspace ruleset, the scenario limits a
 * crew must meet, and the homebrew-type constraints its members break.
 */
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { asArray, asNumber, asRecord, asString, asStrings, nameOf } from './data';

export { crewValue, dieSides, maxRollsByHealth, recruitCost, workspaceKnobs } from '../../../shared/model/crew-figures';
export type { HealthLevel } from '../../../shared/model/crew-figures';

/** A scenario a crew may play in, with its crew value limit (null: none). */
export interface ScenarioLimit {
  id: string;
  name: string;
  limit: number | null;
}

/**
 * Scenarios that use a crew: those naming it as a side's `crew`, and those of every campaign
 * that lists it. Sorted by name.
 */
export function scenariosUsing(crewId: string, model: WorkspaceModel | null): ScenarioLimit[] {
  if (!model || crewId === '') return [];
  const ids = new Set<string>();
  for (const [id, s] of model.scenarios) if (asArray(s.sides).some((side) => asRecord(side).crew === crewId)) ids.add(id);
  for (const c of model.campaigns.values()) if (asStrings(c.crews).includes(crewId)) for (const s of asStrings(c.scenarios)) ids.add(s);
  return [...ids]
    .flatMap((id) => {
      const s = model.scenarios.get(id);
      return s ? [{ id, name: nameOf(s, id), limit: asNumber(s.crewValueLimit) ?? null }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One broken constraint of a homebrew type, for the type form's list. */
export interface TypeBreach {
  crew: string;
  member: string | null;
  problem: string;
}

/**
 * Members of the workspace's crews that break a homebrew type given as plain data (the form's
 * live, maybe unsaved, document): a die outside `dice`, a Health outside `health`, or more
 * members than `maxPerCrew`.
 */
export function typeBreaches(typeData: unknown, model: WorkspaceModel | null): TypeBreach[] {
  const t = asRecord(typeData);
  const typeId = asString(t.id);
  if (!model || typeId === '') return [];
  const dice = asStrings(t.dice);
  const health = asRecord(t.health);
  const min = asNumber(health.min);
  const max = asNumber(health.max);
  const perCrew = asNumber(t.maxPerCrew);
  const out: TypeBreach[] = [];
  for (const [crewId, crew] of model.crews) {
    const ofType = asArray(crew.members).map(asRecord).filter((m) => m.type === typeId);
    for (const m of ofType) {
      const who = asString(m.id) || asString(m.name);
      if (dice.length > 0 && !dice.includes(asString(m.die))) out.push({ crew: crewId, member: who, problem: `die ${asString(m.die) || '(none)'} is not one of ${dice.join(', ')}` });
      const h = asNumber(m.health);
      if (h !== undefined && ((min !== undefined && h < min) || (max !== undefined && h > max))) out.push({ crew: crewId, member: who, problem: `Health ${h} is outside ${min ?? '…'}–${max ?? '…'}` });
    }
    if (perCrew !== undefined && ofType.length > perCrew) out.push({ crew: crewId, member: null, problem: `${ofType.length} members of this type, more than ${perCrew}` });
  }
  return out;
}
