/**
 * Advancement (R10.3): a survivor with enough victories may raise its die one step. Never silent:
 * the user clicks it, and it is written to the crew file with an `advancement` history entry that
 * records the die change (so the crew can be reconstructed as it stood before).
 */
import { advancementsAvailable, nextDie } from '../engine/aftermath';
import { insertIn, setIn } from '../doc-edit';
import type { HistoryEntry } from '../model/types';
import type { WorkspaceModel } from '../model/workspace';
import { err, ok } from '../result';
import type { Result } from '../result';
import { historyValue } from './plan';
import type { FileEdit, TextOf } from './plan';
import { findMember, isDate, isDead } from './refs';
import { victoriesPerStep } from './roster';

/**
 * The edit that advances member `memberId` of crew `crewId` one die step on `date`. Refused with
 * `campaign/no-advancement` when it has not earned a step (or is dead, or already rolls a d20).
 */
export function planAdvance(model: WorkspaceModel, textOf: TextOf, crewId: string, memberId: string, date: string): Result<FileEdit> {
  const crew = model.crews.get(crewId);
  const member = findMember(crew, memberId);
  const path = model.pathOf.get(`crew:${crewId}`);
  if (!crew || !member || path === undefined) return err('campaign/unknown-member', `crew '${crewId}' has no member '${memberId}'; reload the workspace`);
  if (!isDate(date)) return err('campaign/bad-date', `date '${date}' is not a day written YYYY-MM-DD`);
  const perStep = victoriesPerStep(model);
  const history = member.history ?? [];
  const to = nextDie(member.die);
  if (isDead(member)) return err('campaign/no-advancement', `${member.name} is dead and cannot advance`);
  if (to === null) return err('campaign/no-advancement', `${member.name} already rolls a ${member.die}, the largest die`);
  if (advancementsAvailable(history, perStep) < 1) {
    return err('campaign/no-advancement', `${member.name} has ${history.filter((h) => h.kind === 'victory').length} victories; a die step needs ${perStep} victories per step (R10.3)`);
  }
  const before = textOf(path);
  if (before === undefined) return err('campaign/edit-failed', `'${path}' cannot be read; reload the workspace`, path);
  const index = crew.members.indexOf(member);
  const entry: HistoryEntry = { kind: 'advancement', date, die: { from: member.die, to }, text: `Advanced ${member.die} → ${to} after ${history.filter((h) => h.kind === 'victory').length} victories` };
  const withDie = setIn(before, ['members', index, 'die'], to);
  if (!withDie.ok) return err('campaign/edit-failed', `Could not change the die of '${memberId}' in '${path}': ${withDie.error.message}`, path);
  const after = insertIn(withDie.value, ['members', index, 'history'], history.length, historyValue(entry));
  if (!after.ok) return err('campaign/edit-failed', `Could not add the advancement to the history of '${memberId}' in '${path}': ${after.error.message}`, path);
  return ok({ path, before, after: after.value });
}
