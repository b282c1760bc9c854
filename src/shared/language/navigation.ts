/**
 * Go to definition, find all references and Quick Open over a language index: places as file,
 * 1-based line and column, with the text of the line (for result lists).
 */
import { symbolName } from './hover';
import type { LanguageIndex } from './language-index';
import type { Occurrence, SymbolKind, SymbolRef } from './symbols';
import { describeSymbol, KIND_WORDS } from './symbols';

/** A place in a file, 1-based, with the whole line's text. */
export interface Place {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  lineText: string;
}

/** Line starts of a text, for offset → line/column in O(log n). */
export class LineMap {
  private readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }
  /** The 0-based offset of a 1-based line and column (clamped). */
  offset(line: number, column: number): number {
    const start = this.starts[Math.min(Math.max(line, 1), this.starts.length) - 1];
    return Math.min(start + Math.max(column, 1) - 1, this.text.length);
  }
  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const s = this.starts[line - 1] ?? 0;
    const nl = this.text.indexOf('\n', s);
    return this.text.slice(s, nl < 0 ? this.text.length : nl).replace(/\r$/, '');
  }
}

const maps = new WeakMap<object, Map<string, LineMap>>();

/** The line map of a file of the index (cached while its text is the same). */
function lineMap(index: LanguageIndex, file: string): LineMap | null {
  const text = index.text(file);
  if (text === undefined) return null;
  let byFile = maps.get(index);
  if (!byFile) maps.set(index, (byFile = new Map()));
  let m = byFile.get(file);
  if (!m || m.text !== text) byFile.set(file, (m = new LineMap(text)));
  return m;
}

/** The place of an occurrence. */
export function placeOf(index: LanguageIndex, o: Pick<Occurrence, 'file' | 'start' | 'end'>): Place {
  const m = lineMap(index, o.file);
  if (!m) return { file: o.file, line: 1, column: 1, endLine: 1, endColumn: 1, lineText: '' };
  const a = m.position(o.start);
  const b = m.position(o.end);
  return { file: o.file, line: a.line, column: a.column, endLine: b.line, endColumn: b.column, lineText: m.lineText(a.line) };
}

/** The offset of a 1-based line/column in a file the index holds (0 when unknown). */
export function offsetIn(index: LanguageIndex, file: string, line: number, column: number): number {
  return lineMap(index, file)?.offset(line, column) ?? 0;
}

/** Where the id under the cursor is defined (empty when it is built in or undefined). */
export function definitionAt(index: LanguageIndex, file: string, offset: number): Place[] {
  const o = index.at(file, offset);
  if (!o) return [];
  return index.definitions(o.symbol).map((d) => placeOf(index, d));
}

/** Every place naming the id under the cursor: its definitions first, then each reference. */
export function referencesAt(index: LanguageIndex, file: string, offset: number): { symbol: SymbolRef; title: string; places: (Place & { role: Occurrence['role'] })[] } | null {
  const o = index.at(file, offset);
  if (!o) return null;
  const list = index.occurrencesOf(o.symbol);
  if (o.symbol.kind === 'area') list.push(...index.occurrencesOf({ kind: 'area', id: o.symbol.id }));
  const places = list.map((x) => ({ ...placeOf(index, x), role: x.role }));
  return { symbol: o.symbol, title: describeSymbol(o.symbol), places };
}

/** One entry of Quick Open: a document or an id defined inside one. */
export interface QuickOpenEntry {
  /** What the list shows first: the name, else the id. */
  label: string;
  /** The kind, id and path, for matching and display. */
  detail: string;
  kind: SymbolKind | 'document';
  file: string;
  line: number;
  column: number;
}

/**
 * Quick Open entries: every document (by name, id and path) and every id defined in one
 * (members, Areas, objectives, abilities, items…), each with where it is defined.
 */
export function quickOpenEntries(index: LanguageIndex, documents: readonly { path: string; name: string | null; id: string | null; kind: string | null }[]): QuickOpenEntry[] {
  const out: QuickOpenEntry[] = documents.map((d) => ({
    label: d.name?.trim() || d.id || d.path.split('/').pop() || d.path,
    detail: [d.kind ?? 'file', d.id, d.path].filter(Boolean).join(' · '),
    kind: 'document' as const,
    file: d.path,
    line: 1,
    column: 1,
  }));
  const topLevel = new Set(['crew', 'crewType', 'scenario', 'ruleset', 'campaign']);
  for (const o of index.definedSymbols()) {
    if (topLevel.has(o.symbol.kind)) continue;
    const p = placeOf(index, o);
    const owner = o.symbol.scope !== undefined ? ` of ${o.symbol.scope}` : '';
    out.push({ label: symbolName(index, o.symbol), detail: `${KIND_WORDS[o.symbol.kind]} ${o.symbol.id}${owner} · ${o.file}:${p.line}`, kind: o.symbol.kind, file: o.file, line: p.line, column: p.column });
  }
  return out;
}
