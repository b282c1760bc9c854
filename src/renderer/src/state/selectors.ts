/**
 * Selectors of the workspace state for `useStoreSelector` (state/use-store.ts). Each returns
 * primitives or parts of the state that a keystroke leaves alone (a keystroke replaces `tabs`
 * and the active tab's object, nothing else), so with `shallowEqual` the components that use
 * them do not re-render while the user types; only what shows the text does.
 */
import type { StoreState, TabState } from './store-types';

/** The active tab, if any (changes with every keystroke in it: it holds the text). */
export const activeTabOf = (s: StoreState): TabState | null => s.tabs.find((t) => t.path === s.active) ?? null;

/** How many open tabs have unsaved edits. */
export const unsavedCount = (s: StoreState): number => s.tabs.reduce((n, t) => n + (t.dirty ? 1 : 0), 0);

/** What the window's frame (App) decides on: loading, the workspace, whether anything is open or unsaved. */
export const selectShell = (s: StoreState) => ({
  loading: s.loading,
  workspace: s.workspace,
  active: s.active,
  hasTabs: s.tabs.length > 0,
  unsaved: s.tabs.some((t) => t.dirty),
});

/**
 * Everything about the active tab except its text: what the toolbar's Save/History and the
 * document view switch need.
 */
export const selectActiveMeta = (s: StoreState) => {
  const tab = activeTabOf(s);
  return {
    active: s.active,
    tabCount: s.tabs.length,
    path: tab?.path ?? null,
    view: tab?.view ?? null,
    dirty: tab?.dirty ?? false,
    banner: tab?.banner ?? null,
    readOnly: tab?.readOnly ?? false,
    baseHash: tab?.baseHash ?? null,
    anyDirty: s.tabs.some((t) => t.dirty),
  };
};
