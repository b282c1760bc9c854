/**
 * Renaming an id everywhere: its definition and every reference in every document, as text
 * edits per file that touch only the id's characters. Refused (as a value, with the reason and
 * the fix) when the new id is malformed, taken, or the symbol is built in or undefined.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import type { LanguageIndex } from './language-index';
import type { Occurrence, SymbolRef } from './symbols';
import { BUILTIN_IDS, describeSymbol, ID_PATTERN, KIND_WORDS } from './symbols';
import { applyTextEdits, changedLines } from './text-edits';
import type { ChangedLine, TextEdit } from './text-edits';

/** What a rename does to one file. */
export interface FileRename {
  path: string;
  before: string;
  after: string;
  edits: TextEdit[];
  lines: ChangedLine[];
}

/** A rename, computed: every file it changes. */
export interface RenamePlan {
  symbol: SymbolRef;
  newId: string;
  files: FileRename[];
  /** References not followed: effects' `when.area` naming an Area id that several scenarios have. */
  skipped: Occurrence[];
}

/** Why `newId` cannot be the new id of `symbol` (or null when it can). */
export function checkNewId(index: LanguageIndex, symbol: SymbolRef, newId: string): { code: string; message: string } | null {
  const word = KIND_WORDS[symbol.kind];
  if (newId === symbol.id) return { code: 'rename/same', message: `The new id is the same as the old one; type another id for ${describeSymbol(symbol)}.` };
  if (!ID_PATTERN.test(newId)) {
    return { code: 'rename/invalid-id', message: `'${newId}' is not a valid id: use lowercase letters a-z and digits, words joined by single hyphens (e.g. ${symbol.kind === 'area' ? 'north-gate' : 'iron-choir'}).` };
  }
  const target = { ...symbol, id: newId };
  if (BUILTIN_IDS[symbol.kind]?.includes(newId)) return { code: 'rename/taken', message: `'${newId}' is a built-in ${word}; choose another id.` };
  if (index.isDefined(target)) {
    const where = index.definitions(target)[0]?.file;
    return { code: 'rename/taken', message: `${describeSymbol(target)} already exists${where ? ` (in ${where})` : ''}; choose another id.` };
  }
  return null;
}

/** Computes the rename of `symbol` to `newId` across the workspace the index holds. */
export function planRename(index: LanguageIndex, symbol: SymbolRef, newId: string): Result<RenamePlan> {
  if (BUILTIN_IDS[symbol.kind]?.includes(symbol.id) && index.definitions(symbol).length === 0) {
    return err('rename/builtin', `'${symbol.id}' is a built-in ${KIND_WORDS[symbol.kind]}; it cannot be renamed.`);
  }
  if (index.definitions(symbol).length === 0) {
    return err('rename/undefined', `There is no ${describeSymbol(symbol)} to rename; define it first, or correct the reference.`);
  }
  const problem = checkNewId(index, symbol, newId);
  if (problem) return err(problem.code, problem.message);
  const all = index.occurrencesOf(symbol);
  const skipped: Occurrence[] = [];
  if (symbol.kind === 'area') {
    // Effects outside a scenario name an Area id of whichever scenario is played: follow them
    // only when no other scenario has an Area of this id.
    const elsewhere = index.definedSymbols().some((o) => o.symbol.kind === 'area' && o.symbol.id === symbol.id && o.symbol.scope !== symbol.scope);
    const loose = index.occurrencesOf({ kind: 'area', id: symbol.id });
    if (elsewhere) skipped.push(...loose);
    else all.push(...loose);
  }
  const byFile = new Map<string, TextEdit[]>();
  const seen = new Set<string>();
  for (const o of all) {
    const key = `${o.file}:${o.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    (byFile.get(o.file) ?? byFile.set(o.file, []).get(o.file)!).push({ start: o.start, end: o.end, text: newId });
  }
  const files: FileRename[] = [];
  for (const path of [...byFile.keys()].sort()) {
    const before = index.text(path);
    if (before === undefined) continue;
    const edits = byFile.get(path)!.sort((a, b) => a.start - b.start);
    files.push({ path, before, after: applyTextEdits(before, edits), edits, lines: changedLines(before, edits) });
  }
  return ok({ symbol, newId, files, skipped });
}

/** The symbol under an offset of a file (definition or reference), or null. */
export function symbolAt(index: LanguageIndex, path: string, offset: number): SymbolRef | null {
  return index.at(path, offset)?.symbol ?? null;
}

/** A label for the change: "Rename crew 'iron-choir' to 'tin-choir'". */
export const renameLabel = (plan: Pick<RenamePlan, 'symbol' | 'newId'>): string =>
  `Rename ${KIND_WORDS[plan.symbol.kind]} '${plan.symbol.id}' to '${plan.newId}'`;


