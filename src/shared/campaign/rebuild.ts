/**
 * The crews through a campaign, both ways. Forward: start from the crews as they were and apply
 * every recorded battle (`rebuildCrews`) — recording then rebuilding gives the files' state.
 * Backward: undo, from the crew files, the lasting effects written since a battle
 * (`crewsBefore`), to replay it with the crews as they stood. The backward walk reads the history:
 * an injury carries `health: {from, to}`, an advancement `die: {from, to}`; whatever the history
 * cannot account for is listed in `notes`, and then the reconstruction is not exact.
 */
import type { CampaignDoc, CrewDoc, HistoryEntry, Member } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { applyChanges, battleChanges, cloneCrew } from './effects';
import { crewName, isDead, memberRef, scenarioName } from './refs';

/** Applies every battle of `campaign` in order to `initial` crews (copies; the input is untouched). */
export function rebuildCrews(model: WorkspaceModel, campaign: CampaignDoc, initial: ReadonlyMap<string, CrewDoc>): Map<string, CrewDoc> {
  let crews = new Map(initial);
  for (const b of campaign.battles ?? []) {
    crews = applyChanges(crews, battleChanges(b, crews, { scenario: scenarioName(model, b.scenario), crew: (id) => crewName(model, id) }));
  }
  return crews;
}

/** The kinds a recorded battle's entries for a member begin with (R10.2). */
const RESULT_KINDS: ReadonlySet<string> = new Set(['victory', 'defeat', 'note']);

/**
 * For each history entry of a member of `crewId`, the index of the campaign battle it belongs to:
 * entries are matched in order to the crew's battles by scenario and date; an entry that matches
 * none (a note, an advancement) belongs to the last battle matched before it (−1 before any).
 */
export function entryBattles(campaign: CampaignDoc, crewId: string, history: readonly HistoryEntry[]): number[] {
  const battles = Array.isArray(campaign.battles) ? campaign.battles : [];
  const mine = battles.map((b, i) => ({ b, i })).filter(({ b }) => b !== null && typeof b === 'object' && b.sides !== null && typeof b.sides === 'object' && Object.values(b.sides).includes(crewId));
  let p = 0;
  let current = -1;
  let hadResult = false;
  return history.map((e) => {
    if (e !== null && typeof e === 'object' && e.scenario !== undefined && e.date !== undefined) {
      // A battle's entries start with its result: a second result means the next battle (two
      // battles of the same scenario on the same day).
      const result = RESULT_KINDS.has(e.kind);
      const from = current >= 0 && result && hadResult ? p + 1 : p;
      for (let q = from; q < mine.length; q++) {
        if (mine[q]!.b.scenario === e.scenario && String(mine[q]!.b.date) === String(e.date)) {
          if (q !== p || current < 0) hadResult = false;
          p = q;
          current = mine[q]!.i;
          hadResult ||= result;
          return current;
        }
      }
    }
    return current;
  });
}

/** The crews as they stood before battle `index`, and why that may not be exact. */
export interface Reconstruction {
  crews: Map<string, CrewDoc>;
  /** One sentence per thing the history could not account for; empty when exact. */
  notes: string[];
}

function undo(m: Member, e: HistoryEntry, who: string, notes: string[]): void {
  if (e.kind === 'injury') {
    if (e.health) {
      if (m.health !== e.health.to) notes.push(`${who}: max Health is ${m.health}, but its injury on ${e.date ?? '?'} left it at ${e.health.to} (changed by hand since?)`);
      m.health = e.health.from;
    } else {
      notes.push(`${who}: the injury on ${e.date ?? '?'} does not record its Health change (health: {from, to}); assumed one point`);
      m.health += 1;
    }
  } else if (e.kind === 'death') {
    delete m.status;
  } else if (e.kind === 'advancement') {
    if (e.die) {
      if (m.die !== e.die.to) notes.push(`${who}: die is ${m.die}, but its advancement on ${e.date ?? '?'} made it ${e.die.to} (changed by hand since?)`);
      m.die = e.die.from;
    } else notes.push(`${who}: the advancement on ${e.date ?? '?'} does not record its die change (die: {from, to})`);
  }
}

/**
 * The crews of the workspace as they stood just before battle `index` of `campaign` (index =
 * number of battles: as they are now): every lasting effect recorded in that battle or later is
 * undone, history entries from then on dropped, and members recruited after it left out.
 */
export function crewsBefore(model: WorkspaceModel, campaign: CampaignDoc, index: number): Reconstruction {
  const battles = campaign.battles ?? [];
  const notes: string[] = [];
  const crews = new Map<string, CrewDoc>();
  for (const [id, doc] of model.crews) {
    const crew = cloneCrew(doc);
    const firstLater = battles.findIndex((b, i) => i >= index && Object.values(b.sides ?? {}).includes(id));
    crew.members = (Array.isArray(crew.members) ? crew.members : []).filter((m) => {
      const history = Array.isArray(m.history) ? m.history : [];
      const at = entryBattles(campaign, id, history);
      let cut = at.findIndex((j) => j >= index);
      if (cut < 0) cut = history.length;
      const who = `${crew.name} / ${m.name}`;
      for (let e = history.length - 1; e >= cut; e--) undo(m, history[e]!, who, notes);
      if (history.length > 0) m.history = history.slice(0, cut);
      if (firstLater >= 0 && !isDead(m) && !at.includes(firstLater)) {
        const fought = battles[firstLater]!;
        if (!at.some((j) => j >= 0 && j < firstLater)) return false; // recruited after that battle
        notes.push(`${who} has no history entry for battle #${firstLater + 1} (${fought.scenario}, ${fought.date}), which its crew fought`);
      }
      return true;
    });
    crews.set(id, crew);
  }
  for (let j = index; j < battles.length; j++) {
    for (const a of battles[j]!.aftermath ?? []) {
      if (a.outcome === 'recovers') continue;
      const [crewId, memberId] = a.member.split('/');
      const m = model.crews.get(crewId ?? '')?.members.find((x) => x.id === memberId);
      const hist = m?.history ?? [];
      const at = entryBattles(campaign, crewId ?? '', hist);
      const kind = a.outcome === 'dead' ? 'death' : 'injury';
      if (!m) notes.push(`battle #${j + 1}: ${a.member} is no longer in its crew`);
      else if (!hist.some((e, k) => e.kind === kind && at[k] === j)) notes.push(`battle #${j + 1}: the ledger records ${a.outcome === 'dead' ? 'the death' : 'an injury'} of ${memberRef(crewId!, memberId!)} that its history does not`);
    }
  }
  return { crews, notes };
}

/** A model whose crews are replaced by `crews` (for building a battle as it stood). */
export const withCrews = (model: WorkspaceModel, crews: Map<string, CrewDoc>): WorkspaceModel => ({ ...model, crews });
