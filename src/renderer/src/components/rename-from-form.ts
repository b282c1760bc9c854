/**
 * An id changed in a form (issue 14): when other places name the old id, the rename dialog
 * opens with the new id and a preview of every file and line that would change ("Rename
 * everywhere" or "Change only this id"); otherwise the field simply changes.
 */
import type { IdChange } from '../forms/form-api';
import { languageNow } from '../state/language-loader';
import { uiStoreOf } from '../state/ui-store';
import type { WorkspaceStore } from '../state/workspace-store';

/** Decides what an id change of the form of `file` does. */
export async function askRenameFromForm(store: WorkspaceStore, file: string, change: IdChange): Promise<void> {
  const { m, index } = await languageNow(store);
  const doc = index.document(file);
  const node = doc?.document ? m.locate(doc.document, change.path) : null;
  const start = node?.complete && node.node?.range ? node.node.range[0] : -1;
  const o = start >= 0 ? index.at(file, start + 1) : null;
  const symbol = o && o.role === 'definition' && o.symbol.id === change.oldId ? o.symbol : null;
  const references = symbol ? index.occurrencesOf(symbol).filter((x) => x.role === 'reference').length : 0;
  if (!symbol || references === 0) return change.apply();
  uiStoreOf(store).open({ kind: 'rename', request: { symbol, newId: change.newId, origin: 'form', fallback: change.apply } });
}
