import type { FileContent, WorkspaceInfo } from '../../../shared/api';
import type { Result } from '../../../shared/result';
import { restoreDrafts } from './disk-sync';
import type { AfterShown, WorkspaceStore } from './workspace-store';

/**
 * Opens a workspace in the store, streaming (issue 15):
 * 1. the explorer shows from the document list, before any document is parsed;
 * 2. drafts come back as tabs, then `afterShown` runs (the app reopens the last session's tabs,
 *    each showing its text as soon as that one file is read);
 * 3. meanwhile every file is read in one call and sent to the validator, which parses them in the
 *    background; validation requests wait until then, so no half-workspace diagnostics show.
 * A load overtaken by another one stops where it is.
 */
export async function loadWorkspace(
  store: WorkspaceStore,
  ws: WorkspaceInfo,
  afterShown?: AfterShown,
): Promise<void> {
  const generation = ++store.loadGeneration;
  const current = (): boolean => generation === store.loadGeneration;
  store.set({
    loading: true,
    tabs: [],
    active: null,
    compare: null,
    closePrompt: null,
    documents: [],
    diagnostics: [],
    model: null,
  });
  store.disk.clear();
  store.drafted.clear();
  store.validation.reset();
  store.holdValidation = true;
  const files = store.api.readAllFiles();
  const docs = await store.api.listDocuments();
  if (!current()) return;
  store.set({ workspace: ws, loading: false, documents: docs.ok ? docs.value : [] });
  if (docs.ok) store.status(`Opened ${ws.name}`);
  else store.status(docs.error.message, true);
  await restoreDrafts(store);
  if (!current()) return;
  const shown = afterShown?.();
  await Promise.all([shown, receiveFiles(store, await files, current)]);
}

/** Takes the files of the workspace load: the disk versions not read yet, and all of them to the validator. */
async function receiveFiles(
  store: WorkspaceStore,
  files: Result<FileContent[]>,
  current: () => boolean,
): Promise<void> {
  if (!current()) return;
  if (!files.ok) store.status(files.error.message, true);
  else
    for (const f of files.value)
      if (!store.disk.has(f.path)) store.disk.set(f.path, { text: f.text, hash: f.hash });
  for (const path of store.disk.keys()) store.syncValidation(path);
  for (const tab of store.state.tabs) store.syncValidation(tab.path);
  store.releaseValidation();
}
