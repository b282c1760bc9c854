import type { DocumentEntry, WorkspaceInfo } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';

/** What the store needs from the shared `WorkspaceValidator` (src/shared/validation). */
export interface ValidatorLike {
  setFile(path: string, text: string): void;
  removeFile(path: string): void;
  diagnostics(): Diagnostic[];
  model(): WorkspaceModel;
}

/** Why a tab shows the on-disk banner. */
export type BannerKind = 'changed' | 'deleted' | 'conflict';

/** The banner of a tab whose file changed on disk while it had unsaved edits. */
export interface Banner {
  kind: BannerKind;
  /** The text now on disk ('' when deleted). */
  diskText: string;
  diskHash: string | null;
}

/** One open document. `dirty` is exactly `text !== baseText || baseHash === null`. */
export interface TabState {
  path: string;
  /** Current editor text, unsaved edits included. */
  text: string;
  /** The on-disk text the edits are based on ('' for a never-saved file). */
  baseText: string;
  /** Hash of that version, passed as `expectedHash` on save; null when the file does not exist yet. */
  baseHash: string | null;
  dirty: boolean;
  /** YAML, Form, (campaign documents) the Campaign view, or (crews and scenarios) the print sheet. */
  view: 'yaml' | 'form' | 'campaign' | 'sheet';
  banner: Banner | null;
  /** The user chose "keep mine": the next save overwrites (force). */
  keepMine: boolean;
  /** The last save was refused because the file is read-only on disk (`file/read-only`): offer "Overwrite anyway". */
  readOnly: boolean;
}

/** Side-by-side comparison of a tab with the disk version. */
export interface CompareState {
  path: string;
  diskText: string;
}

/** A message for the status bar; `error` ones are also announced. */
export interface StatusMessage {
  text: string;
  error: boolean;
  /** A button offered with the message (e.g. "Undo delete"). */
  action?: { label: string; run: () => void };
}

/** Snapshot of everything the UI renders; a new object after each change. */
export interface StoreState {
  loading: boolean;
  workspace: WorkspaceInfo | null;
  recent: string[];
  documents: DocumentEntry[];
  tabs: TabState[];
  active: string | null;
  diagnostics: Diagnostic[];
  model: WorkspaceModel | null;
  status: StatusMessage;
  /** Path of the tab whose close waits for Save / Don't save / Cancel. */
  closePrompt: string | null;
  compare: CompareState | null;
  /** Where the editor should reveal next (Problems click); consumed by the editor. */
  reveal: { path: string; line: number; column: number; seq: number } | null;
}

/** The state of a store that has not loaded anything yet: loading, no workspace, nothing open. */
export function initialStoreState(): StoreState {
  return {
    loading: true,
    workspace: null,
    recent: [],
    documents: [],
    tabs: [],
    active: null,
    diagnostics: [],
    model: null,
    status: { text: '', error: false },
    closePrompt: null,
    compare: null,
    reveal: null,
  };
}

/** Where a text pushed into a tab comes from: a form or reload (`edit`), or a saved workspace change. */
export type TextOrigin = 'edit' | 'workspace';

/** Applies a text to the editor model of a tab as one undoable edit; false when no model exists. */
export type TextSink = (path: string, text: string, origin: TextOrigin) => boolean;
