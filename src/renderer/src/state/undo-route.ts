/**
 * Where Undo and Redo go (issue 14): a multi-file workspace change (a rename across files, a
 * recorded battle) is undone as one, in every file; an edit of one document by its editor model.
 * The workspace stack takes the undo when the Campaign view shows, or when the active document's
 * last change is that workspace change.
 */
import type { ModelRegistry } from '../monaco/model-registry';
import { workspaceEdits } from './workspace-edit';
import type { WorkspaceStore } from './workspace-store';

/** What Undo or Redo would do now: undo a workspace change, undo in the model, or nothing. */
export type UndoTarget = { kind: 'workspace'; label: string } | { kind: 'model'; path: string } | null;

/** The target of Undo (`redo` false) or Redo (`redo` true) for the active document. */
export function undoTarget(store: WorkspaceStore, registry: ModelRegistry | null, redo: boolean, campaignView: boolean): UndoTarget {
  const stack = workspaceEdits(store).getState();
  const label = redo ? stack.redo : stack.undo;
  const path = store.getState().active;
  if (label && !stack.busy && (campaignView || (path && registry?.atWorkspaceChange(path)))) return { kind: 'workspace', label };
  if (campaignView || !path || !registry) return null;
  return (redo ? registry.canRedo(path) : registry.canUndo(path)) ? { kind: 'model', path } : null;
}

/**
 * Runs Undo or Redo on its target; a refused workspace undo says why in the status bar.
 * `inEditor` undoes through the editor (which also puts the cursor back) when it shows the model.
 */
export async function runUndo(store: WorkspaceStore, registry: ModelRegistry | null, redo: boolean, campaignView: boolean, inEditor?: (redo: boolean) => boolean): Promise<void> {
  store.flushEditor();
  const target = undoTarget(store, registry, redo, campaignView);
  if (!target) return;
  if (target.kind === 'workspace') {
    const edits = workspaceEdits(store);
    const r = redo ? await edits.redo() : await edits.undo();
    if (!r.ok) store.status(r.error.message, true);
    return;
  }
  if (inEditor?.(redo)) return;
  const model = registry?.get(target.path);
  if (redo) model?.redo();
  else model?.undo();
}
