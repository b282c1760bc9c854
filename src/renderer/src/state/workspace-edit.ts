/**
 * Workspace-level undo and redo for a change that spans several files (issue 10: recording a
 * battle edits the campaign and every crew that fought). A change is written with `writeFiles`,
 * all files or none; undo writes every file back as it was, redo writes the change again, each
 * one change on disk. A file edited since (on disk or in an open tab) stops the undo with a clear
 * message instead of overwriting it. Reusable for any multi-file change (e.g. renaming an id
 * everywhere).
 */
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { WorkspaceStore } from './workspace-store';

/** One file of a change: its text before and after. */
export interface FileChange {
  path: string;
  before: string;
  after: string;
}

/** A change across several files, named for the Undo/Redo buttons ("Record battle #3"). */
export interface WorkspaceChange {
  label: string;
  files: FileChange[];
}

/** What the Undo/Redo controls show. */
export interface EditStackState {
  undo: string | null;
  redo: string | null;
  busy: boolean;
}

/** The undo/redo stack of multi-file changes of one workspace. */
export class WorkspaceEdits {
  private done: WorkspaceChange[] = [];
  private undone: WorkspaceChange[] = [];
  private busy = false;
  private listeners = new Set<() => void>();
  private snapshot: EditStackState = { undo: null, redo: null, busy: false };
  private workspace: unknown;

  constructor(private readonly store: WorkspaceStore) {
    this.workspace = store.getState().workspace;
    // Another workspace opened: the stack belonged to the old one.
    store.subscribe(() => {
      const ws = store.getState().workspace;
      if (ws === this.workspace) return;
      this.workspace = ws;
      this.done = [];
      this.undone = [];
      this.emit();
    });
  }

  /** Subscribes to stack changes (useSyncExternalStore); returns the unsubscribe function. */
  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  /** Labels of the next undo and redo, and whether a write is under way. */
  getState = (): EditStackState => this.snapshot;

  private emit(): void {
    this.snapshot = { undo: this.done.at(-1)?.label ?? null, redo: this.undone.at(-1)?.label ?? null, busy: this.busy };
    for (const fn of [...this.listeners]) fn();
  }

  /** Applies a change as one write of all its files; on success it can be undone. */
  async apply(change: WorkspaceChange): Promise<Result<null>> {
    const r = await this.write(change.files.map((f) => ({ path: f.path, from: f.before, to: f.after })), change.label);
    if (!r.ok) return r;
    this.done.push(change);
    this.undone = [];
    this.emit();
    return ok(null);
  }

  /** Writes every file of the last change back as it was. */
  async undo(): Promise<Result<null>> {
    const change = this.done.at(-1);
    if (!change) return err('edit/nothing-to-undo', 'There is no workspace change to undo.');
    const r = await this.write(change.files.map((f) => ({ path: f.path, from: f.after, to: f.before })), `Undo ${change.label}`);
    if (!r.ok) return r;
    this.done.pop();
    this.undone.push(change);
    this.emit();
    return ok(null);
  }

  /** Writes the last undone change again. */
  async redo(): Promise<Result<null>> {
    const change = this.undone.at(-1);
    if (!change) return err('edit/nothing-to-redo', 'There is no workspace change to redo.');
    const r = await this.write(change.files.map((f) => ({ path: f.path, from: f.before, to: f.after })), `Redo ${change.label}`);
    if (!r.ok) return r;
    this.undone.pop();
    this.done.push(change);
    this.emit();
    return ok(null);
  }

  /**
   * Writes `to` over every file that holds `from`: refused when a file has unsaved edits in a tab
   * or is no longer `from` on disk as the app knows it; `writeFiles` then checks the disk itself.
   * Afterwards the app's copy of each file, its open tab (a clean one) and the validator follow.
   */
  private async write(files: { path: string; from: string; to: string }[], label: string): Promise<Result<null>> {
    if (this.busy) return err('edit/busy', 'Another workspace change is being written; wait for it to finish.');
    const store = this.store;
    store.flushEditor(); // keystrokes not yet in the store make a tab dirty too
    const dirty = files.filter((f) => store.tab(f.path)?.dirty).map((f) => f.path);
    if (dirty.length > 0) {
      return this.fail(err('edit/unsaved', `${label}: ${dirty.join(', ')} ${dirty.length === 1 ? 'has' : 'have'} unsaved edits. Save or revert ${dirty.length === 1 ? 'it' : 'them'} first; nothing was written.`));
    }
    const writes = [];
    for (const f of files) {
      const disk = store.disk.get(f.path);
      if (disk?.text !== f.from) {
        return this.fail(err('file/conflict', `${label}: '${f.path}' changed since this change was made, so it cannot be written over. Nothing was written.`, f.path));
      }
      writes.push({ path: f.path, text: f.to, expectedHash: disk.hash });
    }
    this.busy = true;
    this.emit();
    for (const w of writes) store.inFlight.set(w.path, w.text);
    try {
      const r = await store.api.writeFiles(writes);
      if (!r.ok) return this.fail(err(r.error.code, `${label} was not written: ${r.error.message}`, r.error.path));
      writes.forEach((w, i) => {
        store.disk.set(w.path, { text: w.text, hash: r.value.hashes[i]! });
        if (store.tab(w.path)) {
          store.patchTab(w.path, { baseText: w.text, baseHash: r.value.hashes[i]!, banner: null });
          store.applyText(w.path, w.text, 'workspace');
        }
        store.validateNow(w.path);
      });
      await store.refreshDocuments();
      store.status(`${label}: ${writes.length} ${writes.length === 1 ? 'file' : 'files'} written`);
      return ok(null);
    } finally {
      for (const w of writes) store.inFlight.delete(w.path);
      this.busy = false;
      this.emit();
    }
  }

  private fail(r: Result<never>): Result<never> {
    if (!r.ok) this.store.status(r.error.message, true);
    return r;
  }
}

const stacks = new WeakMap<WorkspaceStore, WorkspaceEdits>();

/** The workspace edit stack of a store (one per store, made on first use). */
export function workspaceEdits(store: WorkspaceStore): WorkspaceEdits {
  let s = stacks.get(store);
  if (!s) stacks.set(store, (s = new WorkspaceEdits(store)));
  return s;
}
