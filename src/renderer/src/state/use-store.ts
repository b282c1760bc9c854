import { createContext, useContext, useSyncExternalStore } from 'react';
import type { StoreState } from './store-types';
import type { WorkspaceStore } from './workspace-store';

/** The store of this window, provided by App. */
export const StoreContext = createContext<WorkspaceStore | null>(null);

/** The store; throws (a programmer error) outside App. */
export function useWorkspaceStore(): WorkspaceStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useWorkspaceStore() used outside <StoreContext.Provider>');
  return store;
}

/** The current state snapshot; re-renders on every change. */
export function useStoreState(): StoreState {
  const store = useWorkspaceStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
