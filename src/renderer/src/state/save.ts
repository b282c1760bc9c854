import type { WorkspaceStore } from './workspace-store';

/**
 * Saves one tab: atomic write with the hash of the version the user edited (or `force` after
 * "keep mine"; `unlock` after "Overwrite anyway" on a read-only file). Guarantees: a disk that
 * changed meanwhile is never overwritten silently — the tab gets a `conflict` banner instead; a
 * read-only file is not made writable unless the user chose so — the tab offers "Overwrite anyway";
 * on success the tab is clean (unless typed into during the save), its draft is cleared and the
 * explorer refreshed. Returns whether the text reached the disk.
 */
export async function saveTab(store: WorkspaceStore, path: string, how: { unlock?: boolean } = {}): Promise<boolean> {
  const tab = store.tab(path);
  if (!tab) return false;
  if (!tab.dirty && !tab.banner && !tab.readOnly) return true;
  const text = tab.text;
  store.status(`Saving ${path}…`);
  store.inFlight.set(path, text);
  const unlock = how.unlock ? { unlock: true } : {};
  const r = await store.api
    .writeFile(path, text, tab.keepMine ? { force: true, ...unlock } : { expectedHash: tab.baseHash, ...unlock })
    .finally(() => store.inFlight.delete(path));
  if (!r.ok) {
    if (r.error.code === 'file/read-only' && !how.unlock) {
      store.patchTab(path, { readOnly: true });
      store.status(`${path} was not saved: it is read-only on disk. Choose Overwrite anyway to make it writable and save.`, true);
    } else if (r.error.code === 'file/conflict') {
      const disk = await store.api.readFile(path);
      const banner = disk.ok
        ? { kind: 'conflict' as const, diskText: disk.value.text, diskHash: disk.value.hash }
        : { kind: 'conflict' as const, diskText: '', diskHash: null };
      store.patchTab(path, { banner });
      store.status(`${path} was not saved: it changed on disk. Choose Overwrite, Reload or Compare.`, true);
    } else {
      if (how.unlock) store.patchTab(path, { readOnly: false });
      store.status(`${path} was not saved: ${r.error.message}`, true);
    }
    return false;
  }
  store.disk.set(path, { text, hash: r.value.hash });
  store.patchTab(path, { baseText: text, baseHash: r.value.hash, banner: null, keepMine: false, readOnly: false });
  store.cancelDraft(path);
  if (!store.tab(path)?.dirty) {
    store.drafted.delete(path);
    await store.api.clearDraft(path);
  } else store.scheduleDraft(path);
  store.validateNow(path);
  await store.refreshDocuments();
  store.status(`Saved ${path}`);
  return true;
}

/** "Overwrite anyway" after a read-only refusal: saves with `unlock` (the file becomes writable, as in VS Code). */
export function overwriteReadOnly(store: WorkspaceStore, path: string): Promise<boolean> {
  return saveTab(store, path, { unlock: true });
}

/** "Cancel" after a read-only refusal: hides the offer; the edits stay unsaved in the tab. */
export function dismissReadOnly(store: WorkspaceStore, path: string): void {
  store.patchTab(path, { readOnly: false });
  store.status(`${path} stays read-only; your edits are still unsaved.`);
}
