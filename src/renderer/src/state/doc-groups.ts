import type { DocumentEntry } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';

/** One explorer group: a heading and its documents, sorted by display name. */
export interface DocGroup {
  key: string;
  label: string;
  entries: DocumentEntry[];
}

/** Explorer groups in display order; `other` collects unreadable files and unknown kinds. */
export const GROUPS: readonly { key: string; label: string }[] = [
  { key: 'workspace', label: 'Workspace' },
  { key: 'crew', label: 'Crews' },
  { key: 'crewType', label: 'Crew types' },
  { key: 'abilities', label: 'Abilities' },
  { key: 'equipment', label: 'Equipment' },
  { key: 'scenario', label: 'Scenarios' },
  { key: 'ruleset', label: 'Rulesets' },
  { key: 'campaign', label: 'Campaigns' },
  { key: 'other', label: 'Other/unreadable' },
];

/** The label a document is shown under: its name, else its id, else its file name. */
export function displayName(entry: DocumentEntry): string {
  if (entry.name && entry.name.trim() !== '') return entry.name;
  if (entry.id) return entry.id;
  return entry.path.split('/').pop() ?? entry.path;
}

/**
 * Groups documents by kind in the order of GROUPS, omitting empty groups.
 * Guarantees every entry appears exactly once.
 */
export function groupDocuments(entries: readonly DocumentEntry[]): DocGroup[] {
  const known = new Set(GROUPS.map((g) => g.key));
  const byKey = new Map<string, DocumentEntry[]>();
  for (const e of entries) {
    const key = e.kind && known.has(e.kind) ? e.kind : 'other';
    const list = byKey.get(key) ?? [];
    list.push(e);
    byKey.set(key, list);
  }
  const out: DocGroup[] = [];
  for (const g of GROUPS) {
    const list = byKey.get(g.key);
    if (!list) continue;
    list.sort((a, b) => displayName(a).localeCompare(displayName(b)) || a.path.localeCompare(b.path));
    out.push({ key: g.key, label: g.label, entries: list });
  }
  return out;
}

/** Error and warning counts of one file. */
export interface Counts {
  errors: number;
  warnings: number;
}

/** Counts errors and warnings per file. */
export function countByFile(diagnostics: readonly Diagnostic[]): Map<string, Counts> {
  const out = new Map<string, Counts>();
  for (const d of diagnostics) {
    const c = out.get(d.file) ?? { errors: 0, warnings: 0 };
    if (d.severity === 'error') c.errors++;
    else if (d.severity === 'warning') c.warnings++;
    out.set(d.file, c);
  }
  return out;
}

/** Errors and warnings of the whole workspace. */
export function problemCounts(diagnostics: readonly Diagnostic[]): Counts {
  const c: Counts = { errors: 0, warnings: 0 };
  for (const d of diagnostics) {
    if (d.severity === 'error') c.errors++;
    else if (d.severity === 'warning') c.warnings++;
  }
  return c;
}

/** "2 errors, 1 warning" style text; "no problems" for zero. */
export function countsLabel(c: Counts | undefined): string {
  if (!c || (c.errors === 0 && c.warnings === 0)) return 'no problems';
  const parts: string[] = [];
  if (c.errors) parts.push(`${c.errors} ${c.errors === 1 ? 'error' : 'errors'}`);
  if (c.warnings) parts.push(`${c.warnings} ${c.warnings === 1 ? 'warning' : 'warnings'}`);
  return parts.join(', ');
}

const sameDiagnostic = (a: Diagnostic, b: Diagnostic): boolean =>
  a === b ||
  (a.file === b.file &&
    a.line === b.line &&
    a.column === b.column &&
    a.endLine === b.endLine &&
    a.endColumn === b.endColumn &&
    a.severity === b.severity &&
    a.code === b.code &&
    a.message === b.message);

/**
 * Whether two diagnostic lists are equal field by field, in order. The store keeps its list when
 * a validation answer equals it (nothing that shows diagnostics re-renders while typing leaves
 * them alone), and the editor keeps a model's markers.
 */
export function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  return a === b || (a.length === b.length && a.every((d, i) => sameDiagnostic(d, b[i]!)));
}

/** Sorts diagnostics by file, then position, errors before warnings at the same place. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return [...list].sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || rank[a.severity] - rank[b.severity],
  );
}

/**
 * The top-level `name:` of a YAML text, read without parsing (the explorer shows a document's
 * unsaved name while its tab has edits); null when there is none on one line.
 */
export function nameFromText(text: string): string | null {
  const m = /^name:[ \t]*(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^#\n]*?))[ \t]*(?:#.*)?\r?$/m.exec(text);
  if (!m) return null;
  const name = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2] !== undefined ? m[2].replace(/''/g, "'") : (m[3] ?? '');
  return name.trim() === '' || /^[|>]/.test(name) ? null : name.trim();
}
