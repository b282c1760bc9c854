import type * as Monaco from 'monaco-editor';
import { createContext, useContext } from 'react';
import type { ModelRegistry } from './model-registry';

/** Monaco and the tab models, shared by the editor, diff view and toolbar. */
export interface EditorServices {
  monaco: typeof Monaco;
  registry: ModelRegistry;
  /** The main code editor, once mounted. */
  editor: Monaco.editor.IStandaloneCodeEditor | null;
}

/** Provided by App; the `editor` field is filled in by EditorPane. */
export const EditorContext = createContext<EditorServices | null>(null);

/** The editor services; throws (a programmer error) outside App. */
export function useEditorServices(): EditorServices {
  const s = useContext(EditorContext);
  if (!s) throw new Error('useEditorServices() used outside <EditorContext.Provider>');
  return s;
}

declare global {
  interface Window {
    /** Test hook (DESIGN: tests drive Monaco through its API, not by pixel). */
    __mortisphere?: { monaco: typeof Monaco; editor: Monaco.editor.IStandaloneCodeEditor | null };
  }
}
