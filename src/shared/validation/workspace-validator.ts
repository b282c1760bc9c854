import type { Diagnostic } from '../diagnostics';
import type { WorkspaceModel } from '../model/workspace';
import { CrossContext, crossCheck } from './cross';
import type { DefKey } from './cross';
import { loadYaml } from './load-yaml';
import type { LoadedDocument } from './load-yaml';
import { buildModelIndex, definedKeys, MANIFEST_PATH } from './model-index';
import type { ModelIndex } from './model-index';
import { fileDiag } from './positions';

interface FileState {
  text: string;
  loaded: LoadedDocument;
  keys: DefKey[];
}

interface CrossState {
  diagnostics: Diagnostic[];
  deps: Set<DefKey>;
}

/** Counters that let callers (and tests) see how much work each change caused. */
export interface ValidatorStats {
  /** Files parsed (loadYaml calls) since construction. */
  parses: number;
  /** Cross-document checks run since construction. */
  crossChecks: number;
}

/** Keys a file defines, or would define if it loaded (so dependents re-check when it is fixed). */
function identityKeys(doc: LoadedDocument): DefKey[] {
  const keys = definedKeys(doc);
  const kind = doc.kind ?? doc.probableKind;
  if (!doc.data && kind && doc.id) keys.push(`${kind}:${doc.id}` as DefKey);
  return keys;
}

/** Orders diagnostics by file, line, column, then code. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/**
 * The validator of one workspace, shared by the CLI, the main process and the renderer.
 * Incremental: `setFile` parses only that file; cross-document checks re-run only for the
 * changed file and for files that read a definition it adds, removes or changes. Pure: no I/O.
 */
export class WorkspaceValidator {
  private readonly files = new Map<string, FileState>();
  private readonly cross = new Map<string, CrossState>();
  private readonly dependents = new Map<DefKey, Set<string>>();
  private readonly dirty = new Set<string>();
  private index: ModelIndex | null = null;
  private sorted: Diagnostic[] | null = null;
  /** Work counters; see ValidatorStats. */
  readonly stats: ValidatorStats = { parses: 0, crossChecks: 0 };

  /** Adds or replaces a file (relative `/` path). Same text as before: no work at all. */
  setFile(path: string, text: string): void {
    const old = this.files.get(path);
    if (old && old.text === text) return;
    const loaded = loadYaml(path, text);
    this.stats.parses++;
    const keys = identityKeys(loaded);
    this.files.set(path, { text, loaded, keys });
    this.invalidate(path, old?.keys ?? [], keys);
  }

  /** Forgets a file; documents that referred to what it defined are re-checked. */
  removeFile(path: string): void {
    const old = this.files.get(path);
    if (!old) return;
    this.files.delete(path);
    this.dropCross(path);
    this.dirty.delete(path);
    this.invalidate(null, old.keys, []);
  }

  /** Paths of every file, sorted. */
  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  /** Every diagnostic of the workspace, sorted by file, line and column. */
  diagnostics(): Diagnostic[] {
    this.refresh();
    if (!this.sorted) {
      const all: Diagnostic[] = [];
      for (const [path, f] of this.files) all.push(...f.loaded.diagnostics, ...(this.cross.get(path)?.diagnostics ?? []));
      if (this.files.size > 0 && !this.files.has(MANIFEST_PATH)) {
        all.push(fileDiag(MANIFEST_PATH, 'warning', 'workspace-missing', "the workspace has no mortisphere.yaml at its root; create one with 'kind: workspace', 'schemaVersion: 1' and a name (or run 'mortisphere new')"));
      }
      this.sorted = all.sort(compareDiagnostics);
    }
    return this.sorted;
  }

  /** Diagnostics of one file, sorted. */
  diagnosticsFor(path: string): Diagnostic[] {
    return this.diagnostics().filter((d) => d.file === path);
  }

  /** The indexed documents (first definition wins on duplicate ids). Not re-parsed. */
  model(): WorkspaceModel {
    return this.getIndex().model;
  }

  /** The loaded form of one file, or undefined when it is not in the workspace. */
  document(path: string): LoadedDocument | undefined {
    return this.files.get(path)?.loaded;
  }

  private getIndex(): ModelIndex {
    if (!this.index) this.index = buildModelIndex([...this.files.values()].map((f) => f.loaded));
    return this.index;
  }

  private invalidate(path: string | null, before: DefKey[], after: DefKey[]): void {
    this.index = null;
    this.sorted = null;
    if (path !== null) this.dirty.add(path);
    for (const k of [...before, ...after]) for (const p of this.dependents.get(k) ?? []) this.dirty.add(p);
    // A key that appears or disappears changes the set of ids of its kind (`crew:*`), which
    // "did you mean" suggestions read.
    const was = new Set(before);
    const is = new Set(after);
    for (const k of [...was, ...is]) {
      if (was.has(k) === is.has(k) || !k.includes(':')) continue;
      for (const p of this.dependents.get(`${k.slice(0, k.indexOf(':'))}:*` as DefKey) ?? []) this.dirty.add(p);
    }
  }

  private dropCross(path: string): void {
    const prev = this.cross.get(path);
    if (!prev) return;
    for (const k of prev.deps) this.dependents.get(k)?.delete(path);
    this.cross.delete(path);
  }

  private refresh(): void {
    if (this.dirty.size === 0) return;
    const { model, definers, unusable } = this.getIndex();
    for (const path of this.dirty) {
      const f = this.files.get(path);
      this.dropCross(path);
      if (!f) continue;
      const ctx = new CrossContext(f.loaded, model, definers, unusable);
      crossCheck(ctx);
      this.stats.crossChecks++;
      this.cross.set(path, { diagnostics: ctx.out, deps: ctx.deps });
      for (const k of ctx.deps) {
        let set = this.dependents.get(k);
        if (!set) this.dependents.set(k, (set = new Set()));
        set.add(path);
      }
    }
    this.dirty.clear();
    this.sorted = null;
  }
}

/** One-shot validation of a set of files: every diagnostic (sorted) and the model. */
export function validateFiles(files: readonly { path: string; text: string }[]): { diagnostics: Diagnostic[]; model: WorkspaceModel } {
  const v = new WorkspaceValidator();
  for (const f of files) v.setFile(f.path, f.text);
  return { diagnostics: v.diagnostics(), model: v.model() };
}
