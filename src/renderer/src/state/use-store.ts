import { createContext, useContext, useSyncExternalStore } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';
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

/**
 * The current state snapshot; re-renders on every change, a keystroke included (a tab's text is
 * state). Prefer {@link useStoreSelector} in anything that does not show the text being typed.
 */
export function useStoreState(): StoreState {
  const store = useWorkspaceStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/**
 * A slice of the state; the component re-renders only when the slice changes by `isEqual`
 * (default: {@link shallowEqual}, so a selector may return a fresh object or array of stable parts).
 */
export function useStoreSelector<T>(select: (state: StoreState) => T, isEqual: (a: T, b: T) => boolean = shallowEqual): T {
  const store = useWorkspaceStore();
  return useSyncExternalStoreWithSelector(store.subscribe, store.getState, store.getState, select, isEqual);
}

/**
 * Equal when `Object.is`, or when both are arrays of pairwise `Object.is` items, or plain objects
 * whose own keys hold `Object.is` values (one level deep).
 */
export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a) as (keyof T)[];
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !Object.is(a[k], b[k])) return false;
  return true;
}
