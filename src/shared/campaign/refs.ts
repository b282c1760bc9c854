/**
 * Small shared vocabulary of the campaign module: member references (`crew/member`), the
 * ruleset a battle is played under, dates, and a battle's sides in order.
 */
import { resolveRuleset } from '../engine/ruleset';
import { CORE_RULESET_ID } from '../model/ruleset-defaults';
import type { CampaignBattle, CampaignDoc, CrewDoc, Member, RulesetKnobs } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import type { Result } from '../result';

/** A member named across crews, as the ledger writes it: `crew-id/member-id`. */
export interface MemberRef {
  crew: string;
  member: string;
}

/** `crew/member` as written in a campaign's ledger. */
export const memberRef = (crew: string, member: string): string => `${crew}/${member}`;

/** Splits `crew/member`; null when it is not two non-empty parts. */
export function parseMemberRef(ref: unknown): MemberRef | null {
  if (typeof ref !== 'string') return null;
  const parts = ref.split('/');
  return parts.length === 2 && parts[0] !== '' && parts[1] !== '' ? { crew: parts[0]!, member: parts[1]! } : null;
}

/**
 * The ruleset a campaign battle is played under, by the usual precedence: the battle's own
 * `ruleset`, then the scenario's, then the workspace's, then `core`.
 */
export function battleRulesetId(model: WorkspaceModel, scenario: string, explicit?: string): string {
  return explicit ?? model.scenarios.get(scenario)?.ruleset ?? model.workspace?.ruleset ?? CORE_RULESET_ID;
}

/** The resolved knobs of the ruleset a battle is played under. */
export function battleKnobs(model: WorkspaceModel, scenario: string, explicit?: string): Result<RulesetKnobs> {
  return resolveRuleset(model, battleRulesetId(model, scenario, explicit));
}

/** The side ids of a battle record, in the order the scenario lists them (else as written). */
export function sideIdsOf(model: WorkspaceModel, battle: Pick<CampaignBattle, 'scenario' | 'sides'>): string[] {
  const written = Object.keys(battle.sides ?? {});
  const order = (model.scenarios.get(battle.scenario)?.sides ?? []).map((s) => s?.id);
  return [...written].sort((a, b) => rank(order, a) - rank(order, b));
}

const rank = (order: (string | undefined)[], id: string): number => {
  const i = order.indexOf(id);
  return i < 0 ? order.length : i;
};

/** True for `YYYY-MM-DD` naming a real calendar day. */
export function isDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return m >= 1 && m <= 12 && d >= 1 && d <= days[m - 1]!;
}

/** A member is dead once an aftermath killed it (`status: dead`). */
export const isDead = (m: Pick<Member, 'status'>): boolean => m.status === 'dead';

/** A crew's display name, or its id. */
export const crewName = (model: WorkspaceModel, id: string): string => model.crews.get(id)?.name ?? id;

/** A scenario's display name, or its id. */
export const scenarioName = (model: WorkspaceModel, id: string): string => model.scenarios.get(id)?.name ?? id;

/** A member of a crew by id. */
export const findMember = (crew: CrewDoc | undefined, id: string): Member | undefined =>
  Array.isArray(crew?.members) ? crew.members.find((m) => m?.id === id) : undefined;

/** The name of `crew/member`, or the reference itself when it cannot be found. */
export function memberName(model: WorkspaceModel, ref: string): string {
  const r = parseMemberRef(ref);
  return (r && findMember(model.crews.get(r.crew), r.member)?.name) ?? ref;
}

/** The campaigns (other than `except`) that list crew `crewId`. */
export function campaignsOfCrew(model: WorkspaceModel, crewId: string, except?: string): CampaignDoc[] {
  return [...model.campaigns.values()].filter((c) => c.id !== except && Array.isArray(c.crews) && c.crews.includes(crewId));
}
