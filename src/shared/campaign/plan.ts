/**
 * Recording a battle as a list of document edits (the "recording plan"): the campaign gets the
 * battle appended to `battles`, every crew that fought gets its members' history entries and
 * lasting effects. Each edit goes through the comment-preserving doc-edit layer, so comments and
 * layout of every file are kept. Pure: text in, text out; the caller writes all files at once.
 */
import { inFlowStyle, insertIn, parseForEdit, setIn } from '../doc-edit';
import type { EditValue } from '../doc-edit';
import type { CampaignBattle, CrewDoc, HistoryEntry } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { err, ok } from '../result';
import type { Result } from '../result';
import { checkRecord } from './check-record';
import { battleChanges } from './effects';
import type { MemberChange } from './effects';
import { crewName, scenarioName } from './refs';

/** One file's text before and after a change. */
export interface FileEdit {
  path: string;
  before: string;
  after: string;
}

/** Reads the current text of a workspace file (the texts the model was built from). */
export type TextOf = (path: string) => string | undefined;

/** A battle record as the YAML value appended to `battles` (keys in schema order, empty parts left out). */
export function battleValue(b: CampaignBattle): EditValue {
  const v: Record<string, EditValue> = { scenario: b.scenario, date: b.date };
  if (b.seed !== undefined) v.seed = b.seed;
  v.sides = inFlowStyle({ ...b.sides });
  v.winner = b.winner;
  v.points = inFlowStyle({ ...b.points });
  if (b.ruleset !== undefined) v.ruleset = b.ruleset;
  if (b.aftermath && b.aftermath.length > 0) {
    v.aftermath = b.aftermath.map((a) => {
      const row: Record<string, EditValue> = { member: a.member, roll: a.roll, outcome: a.outcome };
      if (a.by !== undefined) row.by = a.by;
      return inFlowStyle(row);
    });
  }
  if (b.fled && b.fled.length > 0) v.fled = [...b.fled];
  if (b.ai && Object.keys(b.ai).length > 0) v.ai = inFlowStyle({ ...b.ai });
  if (b.text !== undefined && b.text !== '') v.text = b.text;
  return v;
}

/** A history entry as a one-line flow map, as the example crews write them. */
export const historyValue = (entry: HistoryEntry): EditValue => {
  const v: Record<string, EditValue> = {};
  for (const [k, x] of Object.entries(entry)) if (x !== undefined) v[k] = typeof x === 'object' ? inFlowStyle({ ...(x as Record<string, EditValue>) }) : (x as EditValue);
  return inFlowStyle(v);
};

const fail = (path: string, what: string, e: { message: string }): Result<never> =>
  err('campaign/edit-failed', `Could not write ${what} into '${path}': ${e.message}`, path);

/** Index of each member id in a crew text's `members` list, read from the text itself. */
function memberIndexes(text: string): Map<string, number> | null {
  const parsed = parseForEdit(text);
  if (!parsed.ok) return null;
  const members = (parsed.data as { members?: unknown } | null)?.members;
  if (!Array.isArray(members)) return null;
  return new Map(members.map((m, i) => [String((m as { id?: unknown } | null)?.id), i]));
}

/**
 * Applies member changes to one crew file's text: history entries appended (the list is created
 * when absent), `health` lowered, `status: dead` set. `crew/edit-failed` names the member when the
 * text cannot take the edit (e.g. a YAML layout the edit layer does not rewrite).
 */
export function editCrewText(path: string, text: string, changes: readonly MemberChange[]): Result<string> {
  const index = memberIndexes(text);
  if (index === null) return err('campaign/edit-failed', `'${path}' cannot be edited: it does not parse or has no 'members' list; fix it in the YAML view first`, path);
  let out = text;
  for (const c of changes) {
    const i = index.get(c.member);
    if (i === undefined) return err('campaign/edit-failed', `'${path}' has no member '${c.member}' any more; reload and record again`, path);
    const parsed = parseForEdit(out);
    const member = parsed.ok ? ((parsed.data as { members: { history?: unknown[] }[] }).members[i] ?? {}) : {};
    let at = Array.isArray(member.history) ? member.history.length : 0;
    for (const entry of c.entries) {
      const r = insertIn(out, ['members', i, 'history'], at++, historyValue(entry));
      if (!r.ok) return fail(path, `the history of member '${c.member}'`, r.error);
      out = r.value;
    }
    if (c.health !== undefined) {
      const r = setIn(out, ['members', i, 'health'], c.health);
      if (!r.ok) return fail(path, `the Health of member '${c.member}'`, r.error);
      out = r.value;
    }
    if (c.dead) {
      const r = setIn(out, ['members', i, 'status'], 'dead');
      if (!r.ok) return fail(path, `the status of member '${c.member}'`, r.error);
      out = r.value;
    }
  }
  return ok(out);
}

/** The plan of one recording: the file edits, in order (campaign first), and the new battle's index. */
export interface RecordPlan {
  edits: FileEdit[];
  battleIndex: number;
  changes: MemberChange[];
}

/**
 * Plans recording `battle` into campaign `campaignId`: checks it (`checkRecord`; every problem is
 * in the refusal's message), then edits the campaign and each crew that fought. `model` must be
 * built from the same texts `textOf` returns.
 */
export function planRecord(model: WorkspaceModel, textOf: TextOf, campaignId: string, battle: CampaignBattle): Result<RecordPlan> {
  const problems = checkRecord(model, campaignId, battle);
  if (problems.length > 0) return err(problems[0]!.code, problems.map((p) => p.message).join('\n'));
  const campaignPath = model.pathOf.get(`campaign:${campaignId}`)!;
  const campaignText = textOf(campaignPath);
  if (campaignText === undefined) return err('campaign/edit-failed', `'${campaignPath}' cannot be read; reload the workspace`, campaignPath);
  const battleIndex = model.campaigns.get(campaignId)!.battles?.length ?? 0;
  const appended = insertIn(campaignText, ['battles'], battleIndex, battleValue(battle));
  if (!appended.ok) return fail(campaignPath, 'the new battle', appended.error);
  const edits: FileEdit[] = [{ path: campaignPath, before: campaignText, after: appended.value }];
  const crews = new Map<string, CrewDoc>(model.crews);
  const changes = battleChanges(battle, crews, { scenario: scenarioName(model, battle.scenario), crew: (id) => crewName(model, id) });
  const crewIds = [...new Set(changes.map((c) => c.crew))];
  for (const crewId of crewIds) {
    const path = model.pathOf.get(`crew:${crewId}`)!;
    const before = textOf(path);
    if (before === undefined) return err('campaign/edit-failed', `'${path}' cannot be read; reload the workspace`, path);
    const after = editCrewText(path, before, changes.filter((c) => c.crew === crewId));
    if (!after.ok) return after;
    if (after.value !== before) edits.push({ path, before, after: after.value });
  }
  return ok({ edits, battleIndex, changes });
}
