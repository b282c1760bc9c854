import type { Diagnostic, DiagnosticCode } from '../../diagnostics';
import type { WorkspaceModel } from '../../model/workspace';
import type { LoadedDocument } from '../load-yaml';
import { diagAt, keySpan, missingSpan, valueSpan } from '../positions';

type Seg = string | number;

/** Reads a value defensively: documents may be schema-invalid when cross-checked. */
export const asObj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
/** The array at `v`, or an empty one. */
export const asArr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** The string at `v`, or null. */
export const asStr = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Kinds of definition that documents refer to by id. */
export type RefKind = 'crew' | 'crewType' | 'ability' | 'equipment' | 'scenario' | 'ruleset' | 'campaign';
/** Key of a definition in the dependency index: `crew:iron-choir`, `ability:steady-aim`. */
export type DefKey = `${RefKind}:${string}` | 'workspace';

/**
 * What a cross-document check of one file sees: the model, who defines what, and a record of
 * every definition key it read (its dependencies, for incremental re-checking).
 */
export class CrossContext {
  readonly out: Diagnostic[] = [];
  readonly deps = new Set<DefKey>();

  constructor(
    readonly doc: LoadedDocument,
    readonly model: WorkspaceModel,
    /** Every place each key is defined, in path order: `[path, index in file]`. */
    readonly definers: ReadonlyMap<DefKey, readonly { path: string; index: number }[]>,
    /** Keys of documents that exist but failed to load; references to them are not reported. */
    readonly unusable: ReadonlyMap<DefKey, string> = new Map(),
  ) {}

  /** Records a dependency on `key` and returns the places defining it. */
  lookup(key: DefKey): readonly { path: string; index: number }[] {
    this.deps.add(key);
    return this.definers.get(key) ?? [];
  }

  /** True when `key` is defined somewhere (recording the dependency). */
  has(key: DefKey): boolean {
    return this.lookup(key).length > 0;
  }

  /** Reports `duplicate-id` when this definition (`index`-th in this file) is not the first. */
  checkUnique(key: DefKey, index: number, path: readonly Seg[], label: string): void {
    const defs = this.lookup(key);
    const first = defs[0];
    if (!first || (first.path === this.doc.path && first.index === index)) return;
    const where = first.path === this.doc.path ? 'earlier in this file' : `in ${first.path}`;
    this.report(path, 'error', 'duplicate-id', `${label} is already defined ${where}; ids must be unique per kind, so rename one of them`);
  }

  /** Reports a problem at the value (default), the key, or the key of a missing property. */
  report(path: readonly Seg[], severity: Diagnostic['severity'], code: DiagnosticCode, message: string, at: 'value' | 'key' | 'parent' = 'value'): void {
    const { document, lineCounter, path: file } = this.doc;
    const span = at === 'key' ? keySpan(document, path) : at === 'parent' ? missingSpan(document, path) : valueSpan(document, path);
    this.out.push(diagAt(file, lineCounter, span, severity, code, message));
  }
}
