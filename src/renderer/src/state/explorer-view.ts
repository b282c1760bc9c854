/**
 * What the explorer shows, selected from the store so that a keystroke re-renders it only when it
 * changes something shown: the unsaved name of a tab, a dirty mark, a new validation answer.
 */
import type { DocumentEntry } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import { nameFromText } from './doc-groups';
import type { StoreState } from './store-types';

/** The explorer's slice of the state: stable references, and the dirty tabs as one string. */
export interface ExplorerSlice {
  documents: DocumentEntry[];
  diagnostics: Diagnostic[];
  active: string | null;
  /** The dirty tabs and the names their unsaved text gives (JSON of `[path, name | null][]`). */
  unsaved: string;
}

/** The explorer's slice; equal by `shallowEqual` after a keystroke that changes no shown name. */
export function selectExplorer(s: StoreState): ExplorerSlice {
  const unsaved = s.tabs.filter((t) => t.dirty).map((t) => [t.path, nameFromText(t.text)] as const);
  return { documents: s.documents, diagnostics: s.diagnostics, active: s.active, unsaved: JSON.stringify(unsaved) };
}

/** The dirty paths and, for those whose unsaved text names the document, that name. */
export function readUnsaved(unsaved: string): { dirty: Set<string>; names: Map<string, string> } {
  const pairs = JSON.parse(unsaved) as [string, string | null][];
  return { dirty: new Set(pairs.map(([p]) => p)), names: new Map(pairs.filter((p): p is [string, string] => p[1] !== null)) };
}

/** The documents as the explorer names them: a dirty tab's unsaved name replaces the saved one. */
export function shownDocuments(documents: readonly DocumentEntry[], names: ReadonlyMap<string, string>): DocumentEntry[] {
  if (names.size === 0) return [...documents];
  return documents.map((d): DocumentEntry => {
    const name = names.get(d.path);
    return name ? { ...d, name } : d;
  });
}
