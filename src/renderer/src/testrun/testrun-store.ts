/**
 * The Test run panel's store (issue 11, item 1): one per workspace, living outside React so the
 * panel can unmount (the user switched to the Editor) without losing anything, and written to
 * the window's sessionStorage so a page reload (Electron or browser mode) restores it. Running
 * jobs and bots keep going while the panel is hidden.
 */
import { useSyncExternalStore } from 'react';
import { initialLive, keptText, readKept } from './testrun-state';
import type { Kept, Live, Tab, TestRunState } from './testrun-state';

/** The part of the Web Storage API the store uses (sessionStorage; a map in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A subscribable, persisted store of the panel's state. */
export interface TestRunStore {
  readonly key: string;
  getState(): TestRunState;
  subscribe(listener: () => void): () => void;
  /** Changes what survives a reload (written shortly after, and at once on `flush`). */
  setKept(update: (k: Kept) => Kept): void;
  /** Changes what lives only in memory. */
  setLive(update: (l: Live) => Live): void;
  /** Sets (or, with null, clears) the message line of a pane; each action replaces its pane's message. */
  say(pane: Tab | 'panel', text: string | null): void;
  /** Writes the kept state now (on page hide). */
  flush(): void;
}

/** Milliseconds between a change and its write (changes in between are written together). */
export const WRITE_DELAY_MS = 200;

const STORAGE_PREFIX = 'mortisphere.testrun:';

/** A store reading and writing `storage` under `key`. */
export function createTestRunStore(key: string, storage: StorageLike | null): TestRunStore {
  let text: string | null = null;
  try {
    text = storage?.getItem(STORAGE_PREFIX + key) ?? null;
  } catch {
    text = null;
  }
  const restored = readKept(text);
  let state: TestRunState = {
    kept: restored.kept,
    live: { ...initialLive(), messages: restored.problem ? { panel: restored.problem } : {} },
  };
  if (restored.kept.simulateInterrupted)
    state.live.messages.simulate = 'The page was reloaded while this simulation ran; run it again to finish it.';
  if (restored.kept.compareInterrupted)
    state.live.messages.compare = 'The page was reloaded while this comparison ran; run it again to finish it.';
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let written = text;
  const emit = (): void => {
    for (const l of [...listeners]) l();
  };
  const write = (): void => {
    timer = null;
    if (!storage) return;
    const next = keptText(state);
    if (next === written) return;
    try {
      storage.setItem(STORAGE_PREFIX + key, next);
      written = next;
    } catch (e) {
      state = {
        ...state,
        live: { ...state.live, messages: { ...state.live.messages, panel: `The Test run state could not be kept for a page reload (${(e as Error).message}); it stays while this page is open.` } },
      };
      emit();
    }
  };
  const schedule = (): void => {
    if (timer === null) timer = setTimeout(write, WRITE_DELAY_MS);
  };
  return {
    key,
    getState: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setKept: (update) => {
      const kept = update(state.kept);
      if (kept === state.kept) return;
      state = { ...state, kept };
      schedule();
      emit();
    },
    setLive: (update) => {
      const live = update(state.live);
      if (live === state.live) return;
      state = { ...state, live };
      // A job that starts or stops changes what a reload would say.
      schedule();
      emit();
    },
    say: (pane, message) => {
      if ((state.live.messages[pane] ?? null) === message) return;
      const messages = { ...state.live.messages };
      if (message === null) delete messages[pane];
      else messages[pane] = message;
      state = { ...state, live: { ...state.live, messages } };
      emit();
    },
    flush: () => {
      if (timer !== null) clearTimeout(timer);
      write();
    },
  };
}

const stores = new Map<string, TestRunStore>();

const sessionStore = (): StorageLike | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

/** The store of workspace `key` (its root path), created on first use and kept for the page's life. */
export function testRunStoreFor(key: string): TestRunStore {
  let s = stores.get(key);
  if (!s) {
    s = createTestRunStore(key, sessionStore());
    stores.set(key, s);
    if (stores.size === 1 && typeof window !== 'undefined') {
      const flushAll = (): void => stores.forEach((x) => x.flush());
      window.addEventListener('pagehide', flushAll);
      window.addEventListener('beforeunload', flushAll);
    }
  }
  return s;
}

/** A slice of the store's state in a component; re-renders only when the slice changes (by identity). */
export function useTestRun<T>(store: TestRunStore, select: (s: TestRunState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
