/**
 * Carrying out a computed rename (issue 14). One file open in a tab: one undoable edit of that
 * tab (like any edit, saved when the user saves). Otherwise: one workspace change written with
 * `writeFiles`, all files or none, undone as one; files with unsaved edits are saved first, but
 * only when the user chose "Save and rename".
 */
import type { RenamePlan } from '../../../shared/language/rename';
import { renameLabel } from '../../../shared/language/rename';
import { err, ok } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import { workspaceEdits } from './workspace-edit';
import type { WorkspaceStore } from './workspace-store';

/** How a plan will be carried out, for the dialog to say so. */
export interface RenameMode {
  /** 'tab': one open file, edited in place; 'workspace': written to disk as one change. */
  kind: 'tab' | 'workspace';
  /** Files with unsaved edits that a workspace rename saves first. */
  unsaved: string[];
}

/** How `plan` would be carried out in this store. */
export function renameMode(store: WorkspaceStore, plan: RenamePlan): RenameMode {
  if (plan.files.length === 1 && store.tab(plan.files[0]!.path)) return { kind: 'tab', unsaved: [] };
  return { kind: 'workspace', unsaved: plan.files.filter((f) => store.tab(f.path)?.dirty).map((f) => f.path) };
}

/** Carries out a rename; `saveFirst` allows saving files with unsaved edits. */
export async function applyRename(store: WorkspaceStore, plan: RenamePlan, saveFirst: boolean): Promise<Result<null>> {
  store.flushEditor();
  const label = renameLabel(plan);
  const changed = plan.files.find((f) => (store.tab(f.path)?.text ?? store.disk.get(f.path)?.text) !== f.before);
  if (changed) return err('rename/stale', `${label}: ${changed.path} changed while the preview was open; run the rename again.`);
  const mode = renameMode(store, plan);
  if (mode.kind === 'tab') {
    const f = plan.files[0]!;
    store.applyText(f.path, f.after);
    store.status(`${label}: ${f.lines.length} ${f.lines.length === 1 ? 'line' : 'lines'} changed in ${f.path} (unsaved; Undo reverts it)`);
    return ok(null);
  }
  if (mode.unsaved.length > 0) {
    if (!saveFirst) return err('edit/unsaved', `${label}: ${mode.unsaved.join(', ')} ${mode.unsaved.length === 1 ? 'has' : 'have'} unsaved edits; save first, or choose "Save and rename".`);
    for (const path of mode.unsaved) if (!(await store.save(path))) return err('edit/unsaved', `${label}: ${path} could not be saved, so nothing was renamed.`);
  }
  return workspaceEdits(store).apply({ label, files: plan.files.map((f) => ({ path: f.path, before: f.before, after: f.after })) });
}
