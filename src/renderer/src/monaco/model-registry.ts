import type * as Monaco from 'monaco-editor';
import type { Diagnostic } from '../../../shared/diagnostics';
import { afterPaint } from '../after-paint';
import { sameDiagnostics } from '../state/doc-groups';
import { minimalEdit } from '../state/text-diff';
import type { StoreState, TextOrigin } from '../state/store-types';
import type { WorkspaceStore } from '../state/workspace-store';
import { kindOfText, modelUri } from './schema-config';

/** Owner of Monaco markers set from the shared validator. */
export const MARKER_OWNER = 'mortisphere';

/**
 * One Monaco model per open tab (so each document has its own undo/redo stack), created when a
 * tab opens and disposed when it closes. Guarantees: every model edit reaches the store — typing
 * right after the frame that shows it (so re-rendering the app is never between a key and its
 * paint), and before anything reads the store's text (`store.flushEditor()`); text the store
 * pushes (forms, reloads, history) lands as ONE undoable edit over the changed range only;
 * markers are exactly the validator's diagnostics of that file.
 */
export class ModelRegistry {
  private models = new Map<string, Monaco.editor.ITextModel>();
  private lastDiagnostics: Diagnostic[] | null = null;
  /** The diagnostics each model's markers were last set from. */
  private shown = new Map<string, Diagnostic[]>();
  /** Paths edited in the editor whose text has not reached the store yet. */
  private pending = new Set<string>();
  private flushScheduled = false;
  /** Set while the store's own text lands in a model (it is already in the store's hands). */
  private applying = false;
  /** Per path, the model version right after a saved workspace change landed in it. */
  private workspaceVersion = new Map<string, number>();
  private unsubscribe: () => void;
  private changeListeners = new Set<() => void>();

  constructor(
    private readonly monaco: typeof Monaco,
    private readonly store: WorkspaceStore,
  ) {
    store.setTextSink((path, text, origin) => this.apply(path, text, origin));
    store.setEditorFlush(() => this.flush());
    this.unsubscribe = store.subscribe(() => this.sync(store.getState()));
    this.sync(store.getState());
  }

  /** The model of an open tab. */
  get(path: string): Monaco.editor.ITextModel | undefined {
    return this.models.get(path);
  }

  /** Subscribes to content changes of any model (undo/redo availability); returns the unsubscribe function. */
  subscribeChanges = (fn: () => void): (() => void) => {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  };

  /** Whether the model of a tab can undo / redo (Monaco's own stack). */
  canUndo(path: string): boolean {
    return this.models.get(path)?.canUndo() ?? false;
  }
  canRedo(path: string): boolean {
    return this.models.get(path)?.canRedo() ?? false;
  }

  /** The path of a model, if it is one of ours. */
  pathOf(model: Monaco.editor.ITextModel | null): string | null {
    for (const [p, m] of this.models) if (m === model) return p;
    return null;
  }

  private sync(state: StoreState): void {
    const open = new Set(state.tabs.map((t) => t.path));
    let created = false;
    for (const tab of state.tabs) {
      if (this.models.has(tab.path)) continue;
      const kind = state.documents.find((d) => d.path === tab.path)?.kind ?? kindOfText(tab.text);
      const uri = this.monaco.Uri.parse(modelUri(kind, tab.path));
      this.monaco.editor.getModel(uri)?.dispose();
      const model = this.monaco.editor.createModel(tab.text, 'yaml', uri);
      model.updateOptions({ tabSize: 2, insertSpaces: true });
      model.onDidChangeContent(() => this.changed(tab.path));
      this.models.set(tab.path, model);
      created = true;
    }
    for (const [p, m] of this.models) {
      if (open.has(p)) continue;
      this.models.delete(p);
      this.shown.delete(p);
      this.pending.delete(p);
      this.workspaceVersion.delete(p);
      m.dispose();
    }
    if (created || state.diagnostics !== this.lastDiagnostics) this.setMarkers(state.diagnostics);
  }

  /** Sets the markers of every model whose diagnostics changed (the others keep theirs). */
  private setMarkers(diagnostics: Diagnostic[]): void {
    this.lastDiagnostics = diagnostics;
    const byFile = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) {
      const list = byFile.get(d.file);
      if (list) list.push(d);
      else byFile.set(d.file, [d]);
    }
    for (const [path, model] of this.models) {
      const list = byFile.get(path) ?? [];
      const before = this.shown.get(path);
      if (before && sameDiagnostics(before, list)) continue;
      this.shown.set(path, list);
      const markers = list.map((d) => toMarker(this.monaco, model, d));
      this.monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
    }
  }

  private changed(path: string): void {
    for (const fn of [...this.changeListeners]) fn();
    if (this.applying) {
      this.pending.delete(path);
      this.store.editorChanged(path, this.models.get(path)!.getValue());
      return;
    }
    this.pending.add(path);
    this.store.editorTouched(path);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // After the next frame (the key is painted first); within 100 ms on a hidden page, where
    // frames do not come.
    afterPaint(() => this.flush(), 100);
  }

  /** Hands every pending editor change to the store now. */
  flush(): void {
    this.flushScheduled = false;
    if (this.pending.size === 0) return;
    const paths = [...this.pending];
    this.pending.clear();
    for (const path of paths) {
      const model = this.models.get(path);
      if (model) this.store.editorChanged(path, model.getValue(), true);
    }
  }

  /**
   * Whether the last change of a tab's model is a saved workspace change (a rename, a recorded
   * battle): undo there must undo the whole change, in every file, not this file alone.
   */
  atWorkspaceChange(path: string): boolean {
    const model = this.models.get(path);
    return !!model && this.workspaceVersion.get(path) === model.getAlternativeVersionId();
  }

  private apply(path: string, text: string, origin: TextOrigin = 'edit'): boolean {
    const model = this.models.get(path);
    if (!model) return false;
    this.flush();
    const edit = minimalEdit(model.getValue(), text);
    if (!edit) {
      if (origin === 'workspace') this.workspaceVersion.set(path, model.getAlternativeVersionId());
      return true;
    }
    const start = model.getPositionAt(edit.start);
    const end = model.getPositionAt(edit.end);
    const range = new this.monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
    model.pushStackElement();
    this.applying = true;
    try {
      model.pushEditOperations([], [{ range, text: edit.text }], () => null);
    } finally {
      this.applying = false;
    }
    model.pushStackElement();
    if (origin === 'workspace') this.workspaceVersion.set(path, model.getAlternativeVersionId());
    return true;
  }

  /** Stops following the store and disposes every model. */
  dispose(): void {
    this.flush();
    this.unsubscribe();
    this.store.setTextSink(null);
    this.store.setEditorFlush(null);
    for (const m of this.models.values()) m.dispose();
    this.models.clear();
    this.shown.clear();
  }
}

/** A diagnostic as a Monaco marker: same code and message; empty ranges widened to be visible. */
export function toMarker(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  d: Diagnostic,
): Monaco.editor.IMarkerData {
  const lines = model.getLineCount();
  const line = Math.min(Math.max(1, d.line), lines);
  let endLine = Math.min(Math.max(line, d.endLine), lines);
  let endColumn = d.endColumn;
  if (endLine === line && endColumn <= d.column) {
    endColumn = model.getLineMaxColumn(line);
    if (endColumn <= d.column) endLine = line;
  }
  const severity =
    d.severity === 'error'
      ? monaco.MarkerSeverity.Error
      : d.severity === 'warning'
        ? monaco.MarkerSeverity.Warning
        : monaco.MarkerSeverity.Info;
  return {
    severity,
    code: d.code,
    message: d.message,
    source: MARKER_OWNER,
    startLineNumber: line,
    startColumn: Math.max(1, d.column),
    endLineNumber: endLine,
    endColumn: Math.max(1, endColumn),
  };
}
