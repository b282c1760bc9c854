/**
 * The rest of the season: which planned scenarios are still to play (in `scenarios` order, each
 * skipped once for every time it was already played) and which crews fight each of them.
 */
import type { CampaignDoc, CrewDoc } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { isDead } from './refs';

/** One planned battle still to play. */
export interface PlannedBattle {
  scenario: string;
  /** Crew id per side, in the scenario's side order; '' when no crew can be found. */
  crews: [string, string];
  /** Side ids of the scenario, in order. */
  sides: [string, string];
}

/** The planned scenarios not played yet, in order: each played battle uses up one planned slot. */
export function remainingScenarios(campaign: CampaignDoc): string[] {
  const played = new Map<string, number>();
  for (const b of campaign.battles ?? []) played.set(b.scenario, (played.get(b.scenario) ?? 0) + 1);
  const out: string[] = [];
  for (const s of campaign.scenarios ?? []) {
    const n = played.get(s) ?? 0;
    if (n > 0) played.set(s, n - 1);
    else out.push(s);
  }
  return out;
}

const canFight = (crew: CrewDoc | undefined): boolean => Array.isArray(crew?.members) && crew.members.some((m) => !isDead(m));

/**
 * The crews for one battle, so that every crew plays as often as the others: for each side the
 * campaign crew with the fewest battles so far; on a tie the scenario's default crew for that side,
 * then campaign order; never the same crew twice, never a crew with nobody left. Updates
 * `battlesOf` with the pairing.
 */
export function pairCrews(model: WorkspaceModel, campaign: CampaignDoc, scenario: string, battlesOf: Map<string, number>, alive: (id: string) => boolean): { crews: [string, string]; sides: [string, string] } {
  const sc = model.scenarios.get(scenario);
  const sides: [string, string] = [sc?.sides?.[0]?.id ?? 'a', sc?.sides?.[1]?.id ?? 'b'];
  const members = [...new Set(campaign.crews ?? [])];
  const picked: string[] = [];
  for (let i = 0; i < 2; i++) {
    const preferred = sc?.sides?.[i]?.crew;
    const pool = members.filter((c) => alive(c) && !picked.includes(c));
    const score = (c: string): number[] => [battlesOf.get(c) ?? 0, c === preferred ? 0 : 1, members.indexOf(c)];
    const best = pool.sort((a, b) => {
      const [x, y] = [score(a), score(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    })[0];
    picked.push(best ?? '');
  }
  for (const c of picked) if (c !== '') battlesOf.set(c, (battlesOf.get(c) ?? 0) + 1);
  return { crews: [picked[0]!, picked[1]!], sides };
}

/** Every planned battle still to play, with the crews to field, as the campaign stands now. */
export function remainingBattles(model: WorkspaceModel, campaign: CampaignDoc): PlannedBattle[] {
  const battlesOf = new Map<string, number>();
  for (const b of campaign.battles ?? []) for (const c of Object.values(b.sides ?? {})) battlesOf.set(c, (battlesOf.get(c) ?? 0) + 1);
  const alive = (id: string): boolean => canFight(model.crews.get(id));
  return remainingScenarios(campaign).map((scenario) => ({ scenario, ...pairCrews(model, campaign, scenario, battlesOf, alive) }));
}

/** The next battle to play, or null when the season is over. */
export function nextBattle(model: WorkspaceModel, campaign: CampaignDoc): PlannedBattle | null {
  return remainingBattles(model, campaign)[0] ?? null;
}
