/**
 * The explorer's file operations (issue 14): rename a file, duplicate it (its ids made unique),
 * delete it (its last version is kept in History, and "Undo delete" writes it back), reveal it
 * in the file manager. Nothing unsaved is lost without asking: a file with unsaved edits must be
 * saved (or its edits discarded) before it is renamed.
 */
import { USE_PATH } from '../../../shared/api';
import { checkNewPath, createDocument } from './new-document';
import type { WorkspaceStore } from './workspace-store';

const existing = (store: WorkspaceStore): Set<string> => new Set([...store.disk.keys(), ...store.getState().documents.map((d) => d.path), ...store.getState().tabs.map((t) => t.path)]);

/** Renames (moves) a document; returns an error message, or null when done. */
export async function renameFile(store: WorkspaceStore, from: string, to: string): Promise<string | null> {
  store.flushEditor();
  const target = to.trim();
  if (target === from) return null;
  const problem = checkNewPath(target, existing(store));
  if (problem) return problem;
  const tab = store.tab(from);
  if (tab?.dirty) return `${from} has unsaved edits; save them (or close the tab without saving) before renaming the file.`;
  const disk = await store.diskFile(from);
  if (!disk) return `${from} could not be read, so it was not renamed.`;
  const written = await store.api.writeFile(target, disk.text, { expectedHash: null });
  if (!written.ok) return written.error.code === 'file/conflict' ? `'${target}' already exists; choose another name.` : written.error.message;
  store.disk.set(target, { text: disk.text, hash: written.value.hash });
  const removed = await store.api.deleteFile(from);
  if (!removed.ok) {
    await store.refreshDocuments();
    store.validateNow(target);
    return `${target} was written, but ${from} could not be removed (${removed.error.message}); delete it yourself.`;
  }
  store.disk.delete(from);
  const view = tab?.view;
  if (tab) store.close(from);
  else store.validateNow(from);
  store.validateNow(target);
  await store.refreshDocuments();
  if (tab) {
    await store.open(target);
    if (view) store.patchTab(target, { view });
  }
  store.status(`Renamed ${from} to ${target}`);
  return null;
}

/** A free "-copy" name beside a path: crews/a.yaml → crews/a-copy.yaml, a-copy-2.yaml… */
export function copyName(path: string, taken: ReadonlySet<string>): string {
  const m = /^(.*?)(\.ya?ml)$/i.exec(path);
  const [base, ext] = m ? [m[1], m[2]] : [path, '.yaml'];
  for (let n = 1; ; n++) {
    const candidate = `${base}-copy${n === 1 ? '' : `-${n}`}${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Duplicates a document (unsaved edits included) with unique ids; opens the copy. */
export async function duplicateFile(store: WorkspaceStore, path: string): Promise<string | null> {
  store.flushEditor();
  const text = store.tab(path)?.text ?? (await store.diskFile(path))?.text;
  if (text === undefined) return `${path} could not be read.`;
  return createDocument(store, copyName(path, existing(store)), text);
}

/** Deletes a document; its last version is kept in History and "Undo delete" restores it. */
export async function deleteFile(store: WorkspaceStore, path: string): Promise<string | null> {
  store.flushEditor();
  const text = store.tab(path)?.text ?? (await store.diskFile(path))?.text;
  const r = await store.api.deleteFile(path);
  if (!r.ok) return r.error.message;
  store.disk.delete(path);
  if (store.tab(path)) store.close(path);
  else store.validateNow(path);
  await store.refreshDocuments();
  const restore = async (): Promise<void> => {
    if (text === undefined) return;
    const w = await store.api.writeFile(path, text, { expectedHash: null });
    if (!w.ok) return store.status(`${path} could not be restored: ${w.error.message}`, true);
    store.disk.set(path, { text, hash: w.value.hash });
    store.validateNow(path);
    await store.refreshDocuments();
    await store.open(path);
    store.status(`Restored ${path}`);
  };
  store.status(`Deleted ${path}; its last version is kept in History.`, false, text === undefined ? undefined : { label: 'Undo delete', run: () => void restore() });
  return null;
}

/** Shows a document in the file manager; in browser mode, gives its absolute path instead. */
export async function revealFile(store: WorkspaceStore, path: string): Promise<{ shown: true } | { path: string } | { error: string }> {
  const r = await store.api.revealFile(path);
  if (r.ok) return { shown: true };
  if (r.error.code === USE_PATH && r.error.path) return { path: r.error.path };
  return { error: r.error.message };
}
