import type { Api, DocumentTexts, FileChangeEvent } from '../../../shared/api';
import { emptyWorkspaceModel } from '../../../shared/model/workspace';
import type { ValidationAnswer } from '../validation/protocol';
import { KeyedDebounce } from './debounce';
import { sameDiagnostics } from './doc-groups';
import { handleFileChange } from './disk-sync';
import { DraftKeeper } from './drafts';
import { saveTab } from './save';
import { initialStoreState } from './store-types';
import type { StatusMessage, StoreState, TabState, TextOrigin, TextSink, ValidatorLike } from './store-types';
import { inlineBackend, ValidationClient } from './validation-client';
import type { ValidationBackend } from './validation-client';
import { loadWorkspace } from './workspace-load';

/** Tunable delays (ms); tests shorten them. */
export interface StoreTimings {
  validate: number;
  draft: number;
}

const DEFAULT_TIMINGS: StoreTimings = { validate: 250, draft: 500 };

/** Files the store keeps as read from disk. */
export interface DiskFile {
  text: string;
  hash: string;
}

/** Called once the explorer shows a freshly opened workspace (drafts restored, files still loading). */
export type AfterShown = () => Promise<void> | void;

/**
 * The renderer's state: workspace, documents on disk, open tabs with unsaved text, diagnostics.
 * Guarantees: the validator (a Web Worker in the app) always holds, for every document, the open
 * tab's text (after the debounce) or else the disk text; a tab is dirty exactly when its text
 * differs from the disk version it was based on; unsaved text is kept as a draft (debounced) and
 * cleared once saved. Diagnostics and the model arrive from the validator asynchronously; the
 * page's thread never parses the workspace.
 */
export class WorkspaceStore {
  state: StoreState = initialStoreState();
  /** Disk text and hash of every document read so far (all of them once a workspace has loaded). */
  readonly disk = new Map<string, DiskFile>();
  /** Sends document texts to the validator and receives its answers. */
  readonly validation: ValidationClient;
  /**
   * The validator as the store once held it: `setFile`/`removeFile` send texts (call
   * `revalidate()` after them); `diagnostics()`/`model()` give the latest answer.
   */
  readonly validator: ValidatorLike = {
    setFile: (path, text) => this.validation.setFile(path, text),
    removeFile: (path) => this.validation.removeFile(path),
    diagnostics: () => this.state.diagnostics,
    model: () => this.state.model ?? emptyWorkspaceModel(),
  };
  /** While a workspace's files are still arriving, validation requests wait (no half-workspace diagnostics). */
  holdValidation = false;
  private wantValidation = false;
  /** Counts workspace loads; a load that is no longer the latest stops. */
  loadGeneration = 0;
  private listeners = new Set<() => void>();
  private sink: TextSink | null = null;
  private editorFlush: (() => void) | null = null;
  private flushers = new Set<() => void>();
  private validateLater: KeyedDebounce;
  /** Unsaved tab texts kept on the server (drafts.ts). */
  readonly drafts: DraftKeeper;
  /** Paths with a draft saved on the server (the draft keeper's). */
  readonly drafted: Set<string>;
  private revealSeq = 0;
  /** Text being written by a save in progress, by path (its watch event is ours, not external). */
  readonly inFlight = new Map<string, string>();

  /**
   * `validation` is a backend (the app passes a Web Worker's) or a validator factory, run on
   * this thread (tests).
   */
  constructor(
    readonly api: Api,
    validation: (() => ValidatorLike) | ValidationBackend,
    timings: Partial<StoreTimings> = {},
  ) {
    const t = { ...DEFAULT_TIMINGS, ...timings };
    const backend = typeof validation === 'function' ? inlineBackend(validation) : validation;
    this.validation = new ValidationClient(backend, (a) => this.receiveValidation(a));
    this.validateLater = new KeyedDebounce(t.validate);
    this.drafts = new DraftKeeper(api, (path) => this.tab(path), t.draft);
    this.drafted = this.drafts.drafted;
  }

  /** Subscribes to state changes (for useSyncExternalStore); returns the unsubscribe function. */
  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  /** The current snapshot. */
  getState = (): StoreState => this.state;

  /** Replaces part of the state and notifies subscribers. */
  set(patch: Partial<StoreState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of [...this.listeners]) fn();
  }

  /** Updates one tab (no-op when it is not open). */
  patchTab(path: string, patch: Partial<TabState>): void {
    const tabs = this.state.tabs.map((t) => {
      if (t.path !== path) return t;
      const next = { ...t, ...patch };
      next.dirty = next.text !== next.baseText || next.baseHash === null;
      return next;
    });
    this.set({ tabs });
  }

  /** The open tab of a path, if any. */
  tab(path: string): TabState | undefined {
    return this.state.tabs.find((t) => t.path === path);
  }

  /** The app's message, shown as a toast (components/Toasts.tsx), optionally with a button. */
  status(text: string, error = false, action?: StatusMessage['action']): void {
    this.set({ status: action ? { text, error, action } : { text, error } });
  }

  /** The editor layer registers how to apply text to a tab's model as one undoable edit. */
  setTextSink(sink: TextSink | null): void {
    this.sink = sink;
  }

  /** The editor layer registers how to hand over edits it has not reported yet. */
  setEditorFlush(flush: (() => void) | null): void {
    this.editorFlush = flush;
  }

  /**
   * Takes every edit the editor has not reported yet (typing reaches the store after the frame
   * that shows it). Called before anything that reads or replaces tab texts: saves, closes,
   * reloads, drafts, `documents()`.
   */
  flushEditor(): void {
    this.editorFlush?.();
    for (const f of [...this.flushers]) f();
  }

  /**
   * Registers an edit still being typed outside the editor (a form field waiting for its pause):
   * `flushEditor()` commits it first. Returns the unregister function.
   */
  addFlusher(flush: () => void): () => void {
    this.flushers.add(flush);
    return () => this.flushers.delete(flush);
  }

  /**
   * Loads the current workspace (if any) and the recent list; restores drafts. The explorer shows
   * as soon as the document list is known; `afterShown` (e.g. reopening the last session's tabs)
   * then runs while the files load in the background. Resolves once everything is loaded.
   */
  async init(afterShown?: AfterShown): Promise<void> {
    const [ws, recent] = await Promise.all([this.api.currentWorkspace(), this.api.recentWorkspaces()]);
    this.set({ recent: Array.isArray(recent) ? recent : [] });
    if (ws) await loadWorkspace(this, ws, afterShown);
    else this.set({ loading: false, workspace: null });
  }

  /** Opens another workspace (Electron shows a folder dialog when `path` is omitted). */
  async openWorkspace(path?: string): Promise<void> {
    const r = await this.api.openWorkspace(path);
    if (!r.ok) return this.status(r.error.message, true);
    this.drafts.flush();
    await loadWorkspace(this, r.value);
    const recent = await this.api.recentWorkspaces();
    this.set({ recent: Array.isArray(recent) ? recent : [] });
  }

  /** Whether a document exists as far as the store knows (listed or read). */
  knows(path: string): boolean {
    return this.disk.has(path) || this.state.documents.some((d) => d.path === path);
  }

  /** The disk version of a document: as read already, else read now (undefined when unreadable). */
  async diskFile(path: string): Promise<DiskFile | undefined> {
    const known = this.disk.get(path);
    if (known) return known;
    const r = await this.api.readFile(path);
    if (!r.ok) return undefined;
    // A newer version may have arrived meanwhile (watch event, the workspace load): keep that.
    const file = this.disk.get(path) ?? { text: r.value.text, hash: r.value.hash };
    this.disk.set(path, file);
    return file;
  }

  /** Re-reads the document list (names, kinds) from the server. */
  async refreshDocuments(): Promise<void> {
    const docs = await this.api.listDocuments();
    if (docs.ok) this.set({ documents: docs.value });
  }

  /**
   * Asks the validator for diagnostics and the model of everything sent to it; they arrive
   * asynchronously from the worker (synchronously with an inline validator). While a workspace is
   * still loading, the request waits until its files are in.
   */
  revalidate(): void {
    if (this.holdValidation) {
      this.wantValidation = true;
      return;
    }
    this.wantValidation = false;
    this.validation.request();
  }

  /** Lets validation requests through again after a workspace load (sends one if any waited). */
  releaseValidation(): void {
    this.holdValidation = false;
    this.revalidate();
  }

  /** Makes the validator hold a document's current text: the open tab's, else the disk's, else nothing. */
  syncValidation(path: string): void {
    const text = this.tab(path)?.text ?? this.disk.get(path)?.text;
    if (text === undefined) this.validation.removeFile(path);
    else this.validation.setFile(path, text);
  }

  private receiveValidation(answer: ValidationAnswer): void {
    const patch: Partial<StoreState> = {};
    if (answer.diagnostics && !sameDiagnostics(answer.diagnostics, this.state.diagnostics)) patch.diagnostics = answer.diagnostics;
    if (answer.model) patch.model = answer.model;
    if (answer.error) patch.status = { text: answer.error, error: true };
    if (Object.keys(patch).length > 0) this.set(patch);
  }

  /** Opens (or focuses) a document tab; reads it from disk when not known yet. */
  async open(path: string): Promise<boolean> {
    if (this.focusTab(path)) return true;
    let file = this.disk.get(path);
    if (!file) {
      const r = await this.api.readFile(path);
      if (!r.ok) {
        this.status(r.error.message, true);
        return false;
      }
      file = this.disk.get(path) ?? { text: r.value.text, hash: r.value.hash };
      this.disk.set(path, file);
    }
    if (this.focusTab(path)) return true;
    this.addTab({ path, text: file.text, baseText: file.text, baseHash: file.hash, banner: null });
    return true;
  }

  /** Makes the tab of `path` the active one, if it is open; whether it is. */
  private focusTab(path: string): boolean {
    if (!this.tab(path)) return false;
    if (this.state.active !== path) this.set({ active: path });
    return true;
  }

  /** Adds a tab and focuses it. */
  addTab(t: Pick<TabState, 'path' | 'text' | 'baseText' | 'baseHash' | 'banner'>): void {
    const tab: TabState = { ...t, view: 'yaml', keepMine: false, readOnly: false, dirty: t.text !== t.baseText || t.baseHash === null };
    this.set({ tabs: [...this.state.tabs, tab], active: t.path });
  }

  /** Opens a file and asks the editor to reveal a position (Problems panel, test-run links). */
  async openLocation(path: string, line: number, column: number): Promise<void> {
    if (!(await this.open(path))) return;
    this.set({ active: path, reveal: { path, line, column, seq: ++this.revealSeq } });
  }

  /**
   * Called by the editor with a tab's new model text. `touched`: the editor already reported the
   * keystroke itself (`editorTouched`), so the validation debounce keeps counting from the key.
   */
  editorChanged(path: string, text: string, touched = false): void {
    const tab = this.tab(path);
    if (!tab || tab.text === text) return;
    this.patchTab(path, { text });
    if (!touched || !this.validateLater.pending(path)) this.scheduleValidation(path);
    this.scheduleDraft(path);
  }

  /** The editor reports a keystroke at once (its text follows after the frame): the debounce restarts now. */
  editorTouched(path: string): void {
    if (this.tab(path)) this.scheduleValidation(path);
  }

  private scheduleValidation(path: string): void {
    this.validateLater.schedule(path, () => {
      this.flushEditor();
      if (!this.tab(path)) return;
      this.syncValidation(path);
      this.revalidate();
    });
  }

  /** Saves (debounced) or clears the draft of a tab according to its dirtiness. */
  scheduleDraft(path: string): void {
    this.drafts.schedule(path);
  }

  /** Sends every pending draft now (page hide / unload). */
  flushDrafts(): void {
    this.flushEditor();
    this.drafts.flush();
  }

  /**
   * Replaces a tab's text: through the editor model (one undoable edit) when it exists,
   * otherwise directly. Used by forms, reloads and history restores; `origin: 'workspace'` marks
   * a saved multi-file change (undo in that tab then undoes the whole change).
   */
  applyText(path: string, text: string, origin: TextOrigin = 'edit'): void {
    this.flushEditor();
    if (this.sink && this.sink(path, text, origin)) return;
    this.editorChanged(path, text);
  }

  /** Feeds the validator with a document's current text immediately (no debounce) and asks for diagnostics. */
  validateNow(path: string): void {
    this.flushEditor();
    this.validateLater.cancel(path);
    this.syncValidation(path);
    this.revalidate();
  }

  /** Saves a tab. Conflicts show the banner; returns whether the text reached the disk. */
  save(path: string): Promise<boolean> {
    this.flushEditor();
    return saveTab(this, path);
  }

  /** Drops a pending (debounced) draft write of a path. */
  cancelDraft(path: string): void {
    this.drafts.cancel(path);
  }

  /** Saves every dirty tab; returns how many could not be saved. */
  async saveAll(): Promise<number> {
    this.flushEditor();
    let failed = 0;
    for (const t of this.state.tabs) if ((t.dirty || t.banner) && !(await this.save(t.path))) failed++;
    if (failed === 0) this.status('All changes saved');
    return failed;
  }

  /** Closes a tab, prompting first when it has unsaved edits. */
  requestClose(path: string): void {
    this.flushEditor();
    const tab = this.tab(path);
    if (!tab) return;
    if (tab.dirty) this.set({ closePrompt: path, active: path });
    else this.close(path);
  }

  /** Answers the close prompt. */
  async answerClose(choice: 'save' | 'discard' | 'cancel'): Promise<void> {
    const path = this.state.closePrompt;
    this.set({ closePrompt: null });
    if (!path || choice === 'cancel') return;
    if (choice === 'save' && !(await this.save(path))) return;
    this.close(path);
  }

  /** Closes a tab without asking; unsaved edits and their draft are dropped. */
  close(path: string): void {
    this.flushEditor();
    const idx = this.state.tabs.findIndex((t) => t.path === path);
    if (idx < 0) return;
    const tabs = this.state.tabs.filter((t) => t.path !== path);
    const active =
      this.state.active === path ? (tabs[Math.min(idx, tabs.length - 1)]?.path ?? null) : this.state.active;
    this.drafts.discard(path);
    const compare = this.state.compare?.path === path ? null : this.state.compare;
    this.set({ tabs, active, compare });
    this.validateNow(path);
  }

  /** Current text of every document, unsaved edits included (test-run panel). */
  documents(): DocumentTexts {
    this.flushEditor();
    const out: DocumentTexts = {};
    for (const [p, f] of this.disk) out[p] = f.text;
    for (const t of this.state.tabs) out[t.path] = t.text;
    return out;
  }

  /** Handles a `main:file-changed` event. */
  fileChanged(ev: FileChangeEvent): Promise<void> {
    this.flushEditor();
    return handleFileChange(this, ev);
  }
}
