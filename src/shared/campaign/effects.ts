/**
 * What one recorded battle does to the crews that fought it (R10.1, R10.2): the history entries
 * every member gets and the lasting effects (injury: max Health −1, never below 1; death). A pure
 * function of the battle record and the crews as they stood, so recording a battle and rebuilding
 * the rosters from the ledger later give exactly the same files.
 */
import { aftermathHistory, injuredHealth } from '../engine/aftermath';
import type { CampaignBattle, CrewDoc, HistoryEntry } from '../model/types';
import { isDead, memberRef, parseMemberRef } from './refs';

/** What a battle changes for one member. */
export interface MemberChange {
  crew: string;
  member: string;
  /** History entries to append, in order. */
  entries: HistoryEntry[];
  /** Max Health after a lasting injury (absent: unchanged). */
  health?: number;
  /** The member died (`status: dead`). */
  dead?: boolean;
}

/** Names the history texts use: the scenario's and each crew's display name. */
export interface ChangeNames {
  scenario: string;
  crew: (id: string) => string;
}

const joinNames = (names: string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * The changes of `battle` for every member who fought it: the living members of both sides'
 * crews, in side order then file order. Each gets `victory`, `defeat` (or a `note` on a draw), then
 * `enemyDefeated` naming the enemies it incapacitated, `failure` when it fled, and `injury` or
 * `death` from its aftermath roll. Assumes a checked record (see `checkRecord`).
 */
export function battleChanges(battle: CampaignBattle, crews: ReadonlyMap<string, CrewDoc>, names: ChangeNames): MemberChange[] {
  const sideIds = Object.keys(battle.sides);
  const out: MemberChange[] = [];
  const victims = new Map<string, string[]>();
  const rollOf = new Map((battle.aftermath ?? []).map((a) => [a.member, a]));
  for (const a of battle.aftermath ?? []) {
    if (a.by === undefined) continue;
    const victim = parseMemberRef(a.member);
    const name = victim ? (crews.get(victim.crew)?.members.find((m) => m.id === victim.member)?.name ?? victim.member) : a.member;
    victims.set(a.by, [...(victims.get(a.by) ?? []), name]);
  }
  const fled = new Set(battle.fled ?? []);
  for (const side of sideIds) {
    const crewId = battle.sides[side]!;
    const crew = crews.get(crewId);
    if (!crew) continue;
    const other = sideIds.find((s) => s !== side);
    const enemy = other === undefined ? 'nobody' : names.crew(battle.sides[other]!);
    const pf = battle.points?.[side] ?? 0;
    const pa = other === undefined ? 0 : (battle.points?.[other] ?? 0);
    const base = { scenario: battle.scenario, date: battle.date };
    const result: HistoryEntry =
      battle.winner === null
        ? { kind: 'note', ...base, text: `Drew at ${names.scenario}, ${pf} to ${pa}, with ${enemy}` }
        : battle.winner === side
          ? { kind: 'victory', ...base, text: `Won at ${names.scenario}, ${pf} to ${pa}, against ${enemy}` }
          : { kind: 'defeat', ...base, text: `Lost at ${names.scenario}, ${pf} to ${pa}, to ${enemy}` };
    for (const m of crew.members) {
      if (isDead(m)) continue;
      const ref = memberRef(crewId, m.id);
      const change: MemberChange = { crew: crewId, member: m.id, entries: [result] };
      const took = victims.get(ref);
      if (took) change.entries.push({ kind: 'enemyDefeated', ...base, text: `Took down ${joinNames(took)}` });
      if (fled.has(ref)) change.entries.push({ kind: 'failure', ...base, text: `Fled the field at ${names.scenario}` });
      const roll = rollOf.get(ref);
      const entry = roll ? aftermathHistory(roll, battle.scenario, battle.date, m.health) : null;
      if (entry) change.entries.push(entry);
      if (roll?.outcome === 'injury') change.health = injuredHealth(m.health);
      if (roll?.outcome === 'dead') change.dead = true;
      out.push(change);
    }
  }
  return out;
}

/** A deep copy of a crew document (plain data). */
export const cloneCrew = (crew: CrewDoc): CrewDoc => JSON.parse(JSON.stringify(crew)) as CrewDoc;

/**
 * Applies member changes to copies of the crews (the input map and documents are untouched):
 * entries appended to `history`, `health` lowered, `status: dead` set.
 */
export function applyChanges(crews: ReadonlyMap<string, CrewDoc>, changes: readonly MemberChange[]): Map<string, CrewDoc> {
  const out = new Map(crews);
  for (const c of changes) {
    const original = crews.get(c.crew);
    if (!original) continue;
    let crew = out.get(c.crew)!;
    if (crew === original) out.set(c.crew, (crew = cloneCrew(original)));
    const m = crew.members.find((x) => x.id === c.member);
    if (!m) continue;
    m.history = [...(m.history ?? []), ...c.entries.map((e) => ({ ...e }))];
    if (c.health !== undefined) m.health = c.health;
    if (c.dead) m.status = 'dead';
  }
  return out;
}
