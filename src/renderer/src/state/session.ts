import type { WorkspaceStore } from './workspace-store';

/** The part of `localStorage` the session uses. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

interface Session {
  tabs: string[];
  active: string | null;
}

const keyOf = (root: string): string => `mortisphere.session:${root}`;

/**
 * Reopens the tabs of the last session of this workspace (files that still exist), after
 * drafts were restored; the previously active tab is focused. Bad stored data is ignored.
 */
export async function restoreSession(store: WorkspaceStore, storage: KeyValueStorage): Promise<void> {
  const root = store.state.workspace?.root;
  if (!root) return;
  let session: Session;
  try {
    session = JSON.parse(storage.getItem(keyOf(root)) ?? 'null') as Session;
  } catch {
    return;
  }
  if (!session || !Array.isArray(session.tabs)) return;
  const activeBefore = store.state.active;
  const paths = session.tabs.filter((p): p is string => typeof p === 'string' && store.knows(p) && !store.tab(p));
  // Read them all at once (the rest of the workspace may still be loading), then open in order.
  await Promise.all(paths.map((p) => store.diskFile(p)));
  for (const path of paths) if (!store.tab(path)) await store.open(path);
  const active = typeof session.active === 'string' && store.tab(session.active) ? session.active : activeBefore;
  if (active) store.set({ active });
}

/** Remembers the open tabs and the active one per workspace; returns the unsubscribe function. */
export function persistSession(store: WorkspaceStore, storage: KeyValueStorage): () => void {
  let last = '';
  return store.subscribe(() => {
    const { workspace, tabs, active, loading } = store.state;
    if (!workspace || loading) return;
    const value = JSON.stringify({ tabs: tabs.map((t) => t.path), active } satisfies Session);
    if (value === last) return;
    last = value;
    try {
      storage.setItem(keyOf(workspace.root), value);
    } catch {
      /* storage full or disabled: the session is a convenience only */
    }
  });
}
