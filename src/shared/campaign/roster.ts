/** The campaign's rosters: every member of every crew with its state, record and history. */
import { advancementsAvailable, nextDie } from '../engine/aftermath';
import { resolveRuleset } from '../engine/ruleset';
import type { CampaignDoc, DieName, HistoryEntry } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { crewsBefore } from './rebuild';
import { isDead } from './refs';

/** One member's line of a roster. */
export interface RosterMember {
  id: string;
  name: string;
  die: DieName;
  captain: boolean;
  /** Max Health now, and when the campaign began (reconstructed from the history). */
  health: number;
  startHealth: number | null;
  dead: boolean;
  injuries: number;
  victories: number;
  /** Die steps earned and not yet taken (R10.3); the user applies them. */
  advancements: number;
  /** The die an advancement would give, or null (already d20, dead, or nothing earned). */
  nextDie: DieName | null;
  history: HistoryEntry[];
}

/** One crew's roster. */
export interface Roster {
  crew: string;
  name: string;
  /** Path of the crew file. */
  path: string | null;
  members: RosterMember[];
  /** A crew whose Captain is dead and no living member took over. */
  captainDead: boolean;
}

/** Victories per die step of the ruleset the campaign advances under: the workspace's. */
export function victoriesPerStep(model: WorkspaceModel): number {
  const knobs = resolveRuleset(model);
  return knobs.ok ? knobs.value.advancement.victoriesPerStep : 3;
}

/** The rosters of every crew of the campaign that exists, in `crews` order. */
export function rosters(model: WorkspaceModel, campaign: CampaignDoc): Roster[] {
  const start = crewsBefore(model, campaign, 0).crews;
  const perStep = victoriesPerStep(model);
  return (campaign.crews ?? []).flatMap((id) => {
    const crew = model.crews.get(id);
    if (!crew || !Array.isArray(crew.members)) return [];
    const members = crew.members.map((m): RosterMember => {
      const history = Array.isArray(m.history) ? m.history : [];
      const dead = isDead(m);
      const earned = dead ? 0 : advancementsAvailable(history, perStep);
      const atStart = start.get(id)?.members.find((x) => x.id === m.id);
      return {
        id: m.id,
        name: m.name,
        die: m.die,
        captain: m.captain === true,
        health: m.health,
        startHealth: atStart ? atStart.health : null,
        dead,
        injuries: history.filter((h) => h?.kind === 'injury').length,
        victories: history.filter((h) => h?.kind === 'victory').length,
        advancements: earned,
        nextDie: earned > 0 ? nextDie(m.die) : null,
        history,
      };
    });
    const captainDead = members.some((m) => m.captain && m.dead) && !members.some((m) => m.captain && !m.dead);
    return [{ crew: id, name: crew.name, path: model.pathOf.get(`crew:${id}`) ?? null, members, captainDead }];
  });
}
