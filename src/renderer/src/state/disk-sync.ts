import type { FileChangeEvent } from '../../../shared/api';
import type { WorkspaceStore } from './workspace-store';

/**
 * Applies an external change of a file. Guarantees: a clean open tab follows the disk silently;
 * a dirty open tab keeps the user's text and gets a banner; the validator holds the disk text of
 * every document that is not open; our own saves (same hash) change nothing.
 */
export async function handleFileChange(store: WorkspaceStore, ev: FileChangeEvent): Promise<void> {
  const { path } = ev;
  if (ev.kind === 'unlink') {
    if (!store.disk.has(path) && !store.tab(path)) return;
    store.disk.delete(path);
    const tab = store.tab(path);
    if (tab && tab.dirty) {
      store.patchTab(path, { banner: { kind: 'deleted', diskText: '', diskHash: null } });
    } else if (tab) {
      store.close(path);
    } else {
      store.validateNow(path);
    }
    await store.refreshDocuments();
    return;
  }
  const r = await store.api.readFile(path);
  if (!r.ok) return;
  store.flushEditor(); // typing during the read decides between a silent reload and a banner
  const known = store.disk.get(path);
  if (known && known.hash === r.value.hash) return;
  if (store.inFlight.get(path) === r.value.text) return;
  store.disk.set(path, { text: r.value.text, hash: r.value.hash });
  const tab = store.tab(path);
  if (!tab) {
    store.validateNow(path);
  } else if (!tab.dirty) {
    store.patchTab(path, { baseText: r.value.text, baseHash: r.value.hash, banner: null });
    store.applyText(path, r.value.text);
    store.validateNow(path);
  } else if (r.value.hash !== tab.baseHash && tab.banner?.diskHash !== r.value.hash) {
    store.patchTab(path, { banner: { kind: 'changed', diskText: r.value.text, diskHash: r.value.hash } });
    store.status(`${path} changed on disk while you have unsaved edits.`, true);
  }
  await store.refreshDocuments();
}

/** Banner choice "Reload": the tab takes the disk version (undoable); its draft is dropped. */
export function reloadFromDisk(store: WorkspaceStore, path: string): void {
  store.flushEditor();
  const tab = store.tab(path);
  const disk = store.disk.get(path);
  if (!tab) return;
  if (!disk) {
    store.close(path);
    return;
  }
  store.patchTab(path, { baseText: disk.text, baseHash: disk.hash, banner: null, keepMine: false });
  store.applyText(path, disk.text);
  store.scheduleDraft(path);
  if (store.state.compare?.path === path) store.set({ compare: null });
  store.validateNow(path);
  store.status(`Reloaded ${path} from disk`);
}

/** Banner choice "Keep mine": hides the banner; the next save overwrites the disk (force). */
export function keepMine(store: WorkspaceStore, path: string): void {
  store.flushEditor();
  const tab = store.tab(path);
  if (!tab?.banner) return;
  const { diskText, diskHash } = tab.banner;
  store.patchTab(path, {
    banner: null,
    keepMine: true,
    baseText: diskHash === null ? tab.baseText : diskText,
    baseHash: diskHash === null ? null : diskHash,
  });
  store.scheduleDraft(path);
  store.status(`Keeping your version of ${path}; saving will overwrite the disk.`);
}

/** Banner choice "Overwrite" (after a failed save): keep mine and save now. */
export async function overwrite(store: WorkspaceStore, path: string): Promise<boolean> {
  keepMine(store, path);
  return store.save(path);
}

/** Banner choice "Compare": shows the disk version next to the tab's text. */
export function compare(store: WorkspaceStore, path: string): void {
  store.flushEditor();
  const tab = store.tab(path);
  if (!tab) return;
  const diskText = tab.banner?.diskText ?? store.disk.get(path)?.text ?? '';
  store.set({ compare: { path, diskText }, active: path });
}

/**
 * Reopens the drafts kept by the main side (unsaved edits that survived a reload or crash), reading
 * only the drafted files from disk (the rest of the workspace may still be loading).
 * A draft identical to the disk is dropped; one based on an older disk version gets a banner.
 */
export async function restoreDrafts(store: WorkspaceStore): Promise<void> {
  const drafts = await store.api.listDrafts();
  if (!drafts.ok) return;
  let restored = 0;
  for (const d of drafts.value) {
    const disk = await store.diskFile(d.path);
    if (disk && disk.text === d.text) {
      await store.api.clearDraft(d.path);
      continue;
    }
    if (store.tab(d.path)) continue;
    store.drafted.add(d.path);
    let banner = null;
    if (d.baseHash !== null && !disk) banner = { kind: 'deleted' as const, diskText: '', diskHash: null };
    else if (disk && d.baseHash !== disk.hash) banner = { kind: 'changed' as const, diskText: disk.text, diskHash: disk.hash };
    store.addTab({
      path: d.path,
      text: d.text,
      baseText: disk?.text ?? '',
      baseHash: banner?.kind === 'changed' ? d.baseHash : (disk?.hash ?? null),
      banner,
    });
    store.validateNow(d.path);
    restored++;
  }
  if (restored) store.status(`Restored unsaved edits of ${restored} ${restored === 1 ? 'file' : 'files'}`);
}
