/**
 * The language features' view of the workspace in the renderer: a LanguageIndex (src/shared/
 * language) synced on demand with the store's texts (unsaved edits included). Only files whose
 * text changed since the last question are parsed again, and nothing is parsed while typing:
 * the index is consulted when the user asks (F2, F12, hover, Quick Open, a form id change).
 * This module (and the parser behind it) is loaded on first use: see `loadLanguage`.
 */
import { LanguageIndex } from '../../../shared/language/language-index';
import type { WorkspaceStore } from './workspace-store';

export { hoverLines, symbolName } from '../../../shared/language/hover';
export { definitionAt, offsetIn, placeOf, quickOpenEntries, referencesAt } from '../../../shared/language/navigation';
export { checkNewId, planRename, renameLabel } from '../../../shared/language/rename';
export { quickFixes } from '../../../shared/language/quick-fixes';
export { locate } from '../../../shared/validation/positions';

/** A workspace's language index, kept in step with the store when read. */
export class LanguageService {
  private readonly index = new LanguageIndex();
  private root: string | null = null;

  constructor(private readonly store: WorkspaceStore) {}

  /** The index over the current texts (disk versions, with open tabs' unsaved text). */
  current(): LanguageIndex {
    const root = this.store.getState().workspace?.root ?? null;
    if (root !== this.root) {
      this.root = root;
      this.index.sync({});
    }
    this.index.sync(this.store.documents());
    return this.index;
  }
}

const services = new WeakMap<WorkspaceStore, LanguageService>();

/** The language service of a store (one per store). */
export function languageOf(store: WorkspaceStore): LanguageService {
  let s = services.get(store);
  if (!s) services.set(store, (s = new LanguageService(store)));
  return s;
}
