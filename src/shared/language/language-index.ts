/**
 * The occurrences of every id in a workspace, kept per file and re-read only for files whose
 * text changed. Deferred references (a member of whichever crew plays a side, a balance gate's
 * side argument) are resolved against the facts of all files. Pure: texts in, answers out.
 */
import type { DocKind } from '../model/types';
import { loadYaml } from '../validation/load-yaml';
import { documentOccurrences } from './occurrences';
import type { DocumentFacts, ParsedDocument, RawOccurrence } from './occurrences';
import type { Occurrence, SymbolRef } from './symbols';
import { BUILTIN_IDS, symbolKey } from './symbols';

interface FileEntry {
  text: string;
  doc: ParsedDocument;
  raw: RawOccurrence[];
  facts: DocumentFacts;
}

/** One document as the language features see it. */
export interface IndexedDocument extends ParsedDocument {
  text: string;
}

/** Occurrences of a workspace's ids across its files. */
export class LanguageIndex {
  private readonly files = new Map<string, FileEntry>();
  private resolved: Occurrence[] | null = null;
  private byKey: Map<string, Occurrence[]> | null = null;
  private byFile: Map<string, Occurrence[]> | null = null;

  /** Adds or replaces a file; the same text as before costs nothing. */
  setFile(path: string, text: string): void {
    const old = this.files.get(path);
    if (old && old.text === text) return;
    const loaded = loadYaml(path, text);
    const doc: ParsedDocument = { path, kind: loaded.kind, data: loaded.data, document: loaded.document };
    const { occurrences, facts } = documentOccurrences(doc, text);
    this.files.set(path, { text, doc, raw: occurrences, facts });
    this.invalidate();
  }

  /** Forgets a file. */
  removeFile(path: string): void {
    if (this.files.delete(path)) this.invalidate();
  }

  /** Makes the index hold exactly these texts (path → text). */
  sync(texts: Readonly<Record<string, string>>): void {
    for (const path of [...this.files.keys()]) if (!Object.hasOwn(texts, path)) this.removeFile(path);
    for (const [path, text] of Object.entries(texts)) this.setFile(path, text);
  }

  /** Paths of every file, sorted. */
  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  /** The text the index holds for a file. */
  text(path: string): string | undefined {
    return this.files.get(path)?.text;
  }

  /** A file's parsed document and text. */
  document(path: string): IndexedDocument | undefined {
    const f = this.files.get(path);
    return f ? { ...f.doc, text: f.text } : undefined;
  }

  /** The kind of a file's document, if it loaded. */
  kindOf(path: string): DocKind | null {
    return this.files.get(path)?.doc.kind ?? null;
  }

  private invalidate(): void {
    this.resolved = null;
    this.byKey = null;
    this.byFile = null;
  }

  /** Every resolved occurrence, files in path order. */
  all(): Occurrence[] {
    if (this.resolved) return this.resolved;
    const sides = new Map<string, { id: string; crew: string | null }[]>();
    const members = new Map<string, Set<string>>();
    const paths = this.paths();
    for (const p of paths) {
      const f = this.files.get(p)!;
      for (const [k, v] of f.facts.sides) if (!sides.has(k)) sides.set(k, v);
      for (const [k, v] of f.facts.members) if (!members.has(k)) members.set(k, new Set(v));
    }
    const out: Occurrence[] = [];
    for (const p of paths) {
      for (const o of this.files.get(p)!.raw) {
        const t = o.target;
        const base = { file: o.file, role: o.role, start: o.start, end: o.end, ...(o.loose ? { loose: true } : {}) };
        if (!('deferred' in t)) {
          out.push({ ...base, symbol: t });
          continue;
        }
        if (t.deferred === 'sideOrCrew') {
          const isSide = sides.get(t.scenario)?.some((s) => s.id === t.id);
          out.push({ ...base, symbol: isSide ? { kind: 'side', id: t.id, scope: t.scenario } : { kind: 'crew', id: t.id } });
          continue;
        }
        const scenarioSides = t.scenario !== null ? (sides.get(t.scenario) ?? []) : [];
        let crews = [0, 1].map((i) => t.crews[i] ?? scenarioSides[i]?.crew ?? null);
        if (t.side !== undefined) {
          // `incapacitated(b, warden-7)`: the member of side b's crew (the side may be named by its crew).
          const i = scenarioSides.findIndex((s) => s.id === t.side);
          crews = i >= 0 ? [crews[i] ?? null] : crews.filter((c) => c === t.side);
        }
        const holders = [...new Set(crews)].filter((c): c is string => c !== null && !!members.get(c)?.has(t.id));
        for (const crewId of holders) out.push({ ...base, symbol: { kind: 'member', id: t.id, scope: crewId } });
      }
    }
    this.resolved = out;
    this.byKey = new Map();
    this.byFile = new Map();
    for (const o of out) {
      const k = symbolKey(o.symbol);
      (this.byKey.get(k) ?? this.byKey.set(k, []).get(k)!).push(o);
      (this.byFile.get(o.file) ?? this.byFile.set(o.file, []).get(o.file)!).push(o);
    }
    return out;
  }

  /** Occurrences of one symbol (definitions first, then references in file order). */
  occurrencesOf(symbol: SymbolRef): Occurrence[] {
    this.all();
    const list = this.byKey!.get(symbolKey(symbol)) ?? [];
    return [...list.filter((o) => o.role === 'definition'), ...list.filter((o) => o.role === 'reference')];
  }

  /** Occurrences written in one file, in offset order. */
  occurrencesIn(path: string): Occurrence[] {
    this.all();
    return [...(this.byFile!.get(path) ?? [])].sort((a, b) => a.start - b.start);
  }

  /** The occurrence at an offset of a file (the id under the cursor), if any; the innermost one wins. */
  at(path: string, offset: number): Occurrence | null {
    const hits = this.occurrencesIn(path).filter((o) => offset >= o.start && offset <= o.end);
    return hits.sort((a, b) => a.end - a.start - (b.end - b.start))[0] ?? null;
  }

  /** The definitions of a symbol (the first is the one in force; more are duplicates). */
  definitions(symbol: SymbolRef): Occurrence[] {
    return this.occurrencesOf(symbol).filter((o) => o.role === 'definition');
  }

  /** Whether a symbol is defined by a document or built in (`core`, built-in member types). */
  isDefined(symbol: SymbolRef): boolean {
    return (BUILTIN_IDS[symbol.kind]?.includes(symbol.id) ?? false) || this.definitions(symbol).length > 0;
  }

  /** Every defined symbol, once, in file order. */
  definedSymbols(): Occurrence[] {
    const seen = new Set<string>();
    return this.all().filter((o) => {
      if (o.role !== 'definition') return false;
      const k = symbolKey(o.symbol);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }
}
