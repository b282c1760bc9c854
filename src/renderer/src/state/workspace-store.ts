import type { Api, DocumentTexts, FileChangeEvent } from '../../../shared/api';
import { KeyedDebounce } from './debounce';
import { handleFileChange, restoreDrafts } from './disk-sync';
import { saveTab } from './save';
import type { StoreState, TabState, TextSink, ValidatorLike } from './store-types';

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

/**
 * The renderer's state: workspace, documents on disk, open tabs with unsaved text, diagnostics.
 * Guarantees: the validator always holds, for every document, the open tab's text (after the
 * debounce) or else the disk text; a tab is dirty exactly when its text differs from the disk
 * version it was based on; unsaved text is kept as a draft (debounced) and cleared once saved.
 */
export class WorkspaceStore {
  state: StoreState = {
    loading: true,
    workspace: null,
    recent: [],
    documents: [],
    tabs: [],
    active: null,
    diagnostics: [],
    model: null,
    status: { text: 'Ready', error: false },
    closePrompt: null,
    compare: null,
    reveal: null,
  };
  /** Disk text and hash of every document. */
  readonly disk = new Map<string, DiskFile>();
  validator: ValidatorLike;
  private listeners = new Set<() => void>();
  private sink: TextSink | null = null;
  private validateLater: KeyedDebounce;
  private draftLater: KeyedDebounce;
  /** Paths with a draft saved on the server. */
  readonly drafted = new Set<string>();
  private revealSeq = 0;
  /** Text being written by a save in progress, by path (its watch event is ours, not external). */
  readonly inFlight = new Map<string, string>();

  constructor(
    readonly api: Api,
    private readonly makeValidator: () => ValidatorLike,
    timings: Partial<StoreTimings> = {},
  ) {
    const t = { ...DEFAULT_TIMINGS, ...timings };
    this.validator = makeValidator();
    this.validateLater = new KeyedDebounce(t.validate);
    this.draftLater = new KeyedDebounce(t.draft);
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

  /** Status-bar message. */
  status(text: string, error = false): void {
    this.set({ status: { text, error } });
  }

  /** The editor layer registers how to apply text to a tab's model as one undoable edit. */
  setTextSink(sink: TextSink | null): void {
    this.sink = sink;
  }

  /** Loads the current workspace (if any) and the recent list; restores drafts. */
  async init(): Promise<void> {
    const [ws, recent] = await Promise.all([this.api.currentWorkspace(), this.api.recentWorkspaces()]);
    this.set({ recent: Array.isArray(recent) ? recent : [] });
    if (ws) await this.loadWorkspace(ws);
    else this.set({ loading: false, workspace: null });
  }

  /** Opens another workspace (Electron shows a folder dialog when `path` is omitted). */
  async openWorkspace(path?: string): Promise<void> {
    const r = await this.api.openWorkspace(path);
    if (!r.ok) return this.status(r.error.message, true);
    this.draftLater.flush();
    await this.loadWorkspace(r.value);
    const recent = await this.api.recentWorkspaces();
    this.set({ recent: Array.isArray(recent) ? recent : [] });
  }

  private async loadWorkspace(ws: NonNullable<StoreState['workspace']>): Promise<void> {
    this.set({ loading: true, tabs: [], active: null, compare: null, closePrompt: null });
    this.disk.clear();
    this.drafted.clear();
    this.validator = this.makeValidator();
    const files = await this.api.readAllFiles();
    if (!files.ok) {
      this.set({ loading: false, workspace: ws });
      return this.status(files.error.message, true);
    }
    for (const f of files.value) {
      this.disk.set(f.path, { text: f.text, hash: f.hash });
      this.validator.setFile(f.path, f.text);
    }
    await this.refreshDocuments();
    this.set({ workspace: ws, loading: false });
    await restoreDrafts(this);
    this.revalidate();
    this.status(`Opened ${ws.name}`);
  }

  /** Re-reads the document list (names, kinds) from the server. */
  async refreshDocuments(): Promise<void> {
    const docs = await this.api.listDocuments();
    if (docs.ok) this.set({ documents: docs.value });
  }

  /** Recomputes diagnostics and the model from the validator now. */
  revalidate(): void {
    this.set({ diagnostics: this.validator.diagnostics(), model: this.validator.model() });
  }

  /** Opens (or focuses) a document tab; reads it from disk when not known yet. */
  async open(path: string): Promise<boolean> {
    if (this.tab(path)) {
      this.set({ active: path });
      return true;
    }
    let file = this.disk.get(path);
    if (!file) {
      const r = await this.api.readFile(path);
      if (!r.ok) {
        this.status(r.error.message, true);
        return false;
      }
      file = { text: r.value.text, hash: r.value.hash };
      this.disk.set(path, file);
    }
    if (this.tab(path)) return true;
    this.addTab({ path, text: file.text, baseText: file.text, baseHash: file.hash, banner: null });
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

  /** Called by the editor on every change of a tab's model text. */
  editorChanged(path: string, text: string): void {
    const tab = this.tab(path);
    if (!tab || tab.text === text) return;
    this.patchTab(path, { text });
    this.validateLater.schedule(path, () => {
      const cur = this.tab(path);
      if (!cur) return;
      this.validator.setFile(path, cur.text);
      this.revalidate();
    });
    this.scheduleDraft(path);
  }

  /** Saves (debounced) or clears the draft of a tab according to its dirtiness. */
  scheduleDraft(path: string): void {
    this.draftLater.schedule(path, () => void this.syncDraft(path));
  }

  private async syncDraft(path: string): Promise<void> {
    const tab = this.tab(path);
    if (tab && tab.dirty) {
      const r = await this.api.saveDraft(path, tab.text, tab.baseHash);
      if (r.ok) this.drafted.add(path);
      // Saved or closed while the draft was on its way: do not leave it behind.
      if (r.ok && !this.tab(path)?.dirty && !this.draftLater.pending(path)) this.scheduleDraft(path);
    } else if (this.drafted.has(path)) {
      this.drafted.delete(path);
      await this.api.clearDraft(path);
    }
  }

  /** Sends every pending draft now (page hide / unload). */
  flushDrafts(): void {
    this.draftLater.flush();
  }

  /**
   * Replaces a tab's text: through the editor model (one undoable edit) when it exists,
   * otherwise directly. Used by forms, reloads and history restores.
   */
  applyText(path: string, text: string): void {
    if (this.sink && this.sink(path, text)) return;
    this.editorChanged(path, text);
  }

  /** Feeds the validator with a tab's current text immediately (no debounce). */
  validateNow(path: string): void {
    this.validateLater.cancel(path);
    const tab = this.tab(path);
    const disk = this.disk.get(path);
    if (tab) this.validator.setFile(path, tab.text);
    else if (disk) this.validator.setFile(path, disk.text);
    else this.validator.removeFile(path);
    this.revalidate();
  }

  /** Saves a tab. Conflicts show the banner; returns whether the text reached the disk. */
  save(path: string): Promise<boolean> {
    return saveTab(this, path);
  }

  /** Drops a pending (debounced) draft write of a path. */
  cancelDraft(path: string): void {
    this.draftLater.cancel(path);
  }

  /** Saves every dirty tab; returns how many could not be saved. */
  async saveAll(): Promise<number> {
    let failed = 0;
    for (const t of this.state.tabs) if ((t.dirty || t.banner) && !(await this.save(t.path))) failed++;
    if (failed === 0) this.status('All changes saved');
    return failed;
  }

  /** Closes a tab, prompting first when it has unsaved edits. */
  requestClose(path: string): void {
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
    const idx = this.state.tabs.findIndex((t) => t.path === path);
    if (idx < 0) return;
    const tabs = this.state.tabs.filter((t) => t.path !== path);
    const active =
      this.state.active === path ? (tabs[Math.min(idx, tabs.length - 1)]?.path ?? null) : this.state.active;
    this.draftLater.cancel(path);
    if (this.drafted.delete(path)) void this.api.clearDraft(path);
    const compare = this.state.compare?.path === path ? null : this.state.compare;
    this.set({ tabs, active, compare });
    this.validateNow(path);
  }

  /** Current text of every document, unsaved edits included (test-run panel). */
  documents(): DocumentTexts {
    const out: DocumentTexts = {};
    for (const [p, f] of this.disk) out[p] = f.text;
    for (const t of this.state.tabs) out[t.path] = t.text;
    return out;
  }

  /** Handles a `main:file-changed` event. */
  fileChanged(ev: FileChangeEvent): Promise<void> {
    return handleFileChange(this, ev);
  }
}
