import type * as Monaco from 'monaco-editor';
import { createContext, use, useContext, useSyncExternalStore } from 'react';
import type { WorkspaceStore } from '../state/workspace-store';
import type { ModelRegistry } from './model-registry';

/** Monaco and the tab models, shared by the editor, diff view and toolbar. */
export interface EditorServices {
  monaco: typeof Monaco;
  registry: ModelRegistry;
  /** The main code editor, once mounted. */
  editor: Monaco.editor.IStandaloneCodeEditor | null;
}

/**
 * Loads Monaco (its own chunk, issue 15) once and holds the editor services. The page shows and
 * works before: tabs keep their text in the store, and the model registry, created on load,
 * gives every open tab its model then.
 */
export class EditorLoader {
  /** The services, once loaded. */
  services: EditorServices | null = null;
  private promise: Promise<EditorServices> | null = null;
  private listeners = new Set<() => void>();

  constructor(private readonly store: WorkspaceStore) {}

  /** Starts loading (once); resolves with the services. */
  load(): Promise<EditorServices> {
    this.promise ??= import('./editor-chunk').then((chunk) => {
      this.services = chunk.createEditorServices(this.store);
      for (const fn of [...this.listeners]) fn();
      return this.services;
    });
    return this.promise;
  }

  /**
   * Loads once the page has been quiet for a while after `delayMs` (so a click on the explorer
   * right after it shows is never stuck behind Monaco's start-up); returns a cancel function.
   */
  loadWhenIdle(delayMs = 800): () => void {
    let idle: number | null = null;
    const timer = setTimeout(() => {
      const start = (): void => void this.load();
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(start, { timeout: 2000 });
      else start();
    }, delayMs);
    return () => {
      clearTimeout(timer);
      if (idle !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    };
  }

  /** Subscribes to the services' arrival (for useSyncExternalStore). */
  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  /** The services, or null while loading. */
  getSnapshot = (): EditorServices | null => this.services;
}

/** Provided by main.tsx. */
export const EditorContext = createContext<EditorLoader | null>(null);

/** The loader of this window; throws (a programmer error) outside the provider. */
export function useEditorLoader(): EditorLoader {
  const loader = useContext(EditorContext);
  if (!loader) throw new Error('useEditorLoader() used outside <EditorContext.Provider>');
  return loader;
}

/** The editor services, or null while Monaco is still loading (re-renders when it arrives). */
export function useOptionalEditorServices(): EditorServices | null {
  const loader = useEditorLoader();
  return useSyncExternalStore(loader.subscribe, loader.getSnapshot, loader.getSnapshot);
}

/** The editor services; suspends (React `use`) until Monaco has loaded. For the editor chunk's components. */
export function useEditorServices(): EditorServices {
  const loader = useEditorLoader();
  const loaded = useOptionalEditorServices();
  return loaded ?? use(loader.load());
}

declare global {
  interface Window {
    /** Test hook (DESIGN: tests drive Monaco through its API, not by pixel). */
    __mortisphere?: { monaco: typeof Monaco; editor: Monaco.editor.IStandaloneCodeEditor | null };
  }
}
