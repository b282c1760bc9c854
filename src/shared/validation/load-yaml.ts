import { Composer, LineCounter, Parser } from 'yaml';
import type { Document, DocumentOptions, ParseOptions, SchemaOptions } from 'yaml';
import type { Diagnostic } from '../diagnostics';
import { DOC_KINDS } from '../model/types';
import type { DocKind } from '../model/types';
import { closest, didYouMean } from './did-you-mean';
import { MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES, NODES_MESSAGE } from './limits';
import { migrate } from './migrations';
import { diagAt, fileDiag, keySpan, missingSpan, valueSpan } from './positions';
import { checkSchema } from './schema-check';
import { cstDepthExceeds, roughShapeExceeds } from './cst-depth';
import { toPlain } from './to-plain';

/** One workspace file after loading: parsed, limited, migrated in memory and schema-checked. */
export interface LoadedDocument {
  /** Relative, `/`-separated path. */
  path: string;
  /** `kind` read from the file (also when `data` is null), or null when missing or unknown. */
  kind: DocKind | null;
  /**
   * With an unknown `kind` (a typo such as `crwe`): the kind the document most likely is, by its
   * spelling or its shape, so references to its id are not reported as unknown. Absent otherwise.
   */
  probableKind?: DocKind;
  /** `id` when the document has a string one. */
  id: string | null;
  /** Migrated plain data; null when the file is unusable (syntax error, limits, newer version). */
  data: Record<string, unknown> | null;
  /** The yaml Document (for positions and comment-preserving edits); null if never parsed. */
  document: Document | null;
  lineCounter: LineCounter;
  /** Load, migration and schema diagnostics of this file alone. */
  diagnostics: Diagnostic[];
}

/** Options of the composer: YAML 1.2 core schema, no custom tags, unique keys. */
const COMPOSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  schema: 'core',
  customTags: [],
  uniqueKeys: true,
  prettyErrors: false,
  strict: true,
};

/** UTF-8 length of `text`, computed without allocating for short strings. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * Loads one file. Never throws on any text: oversized, binary, deeply nested, aliased-bomb,
 * custom-tagged or prototype-polluting input all become diagnostics with `data: null` or the
 * offending keys dropped. Nothing is written anywhere; migrations happen on the returned data.
 */
export function loadYaml(path: string, text: string): LoadedDocument {
  const lc = new LineCounter();
  if (text.charCodeAt(0) === 0xfeff) skipBomColumn(lc);
  const out: LoadedDocument = { path, kind: null, id: null, data: null, document: null, lineCounter: lc, diagnostics: [] };
  const d = out.diagnostics;
  if (text.length > MAX_FILE_BYTES || utf8Length(text) > MAX_FILE_BYTES) {
    d.push(fileDiag(path, 'error', 'file-too-large', `${path} is larger than ${MAX_FILE_BYTES / 1048576} MiB; split it into smaller documents`));
    return out;
  }
  const bad = firstBinary(text);
  if (bad >= 0) {
    lc.addNewLine(0);
    for (let i = text.indexOf('\n'); i >= 0 && i < bad; i = text.indexOf('\n', i + 1)) lc.addNewLine(i + 1);
    d.push(diagAt(path, lc, { start: bad, end: bad + 1 }, 'error', 'yaml-hostile', `${path} is binary or not UTF-8 text (a NUL or undecodable byte); save it as UTF-8 YAML or remove it from the workspace`));
    return out;
  }
  // Before any parsing: absurd nesting, and more values than the node budget (a 2 MiB flow
  // sequence holds a million items; building that tree would take seconds and a gigabyte).
  const rough = roughShapeExceeds(text, { depth: MAX_DEPTH * 4, nodes: MAX_NODES });
  if (rough !== null) {
    const at = rough.offset;
    const nl = text.lastIndexOf('\n', at);
    const line = text.slice(0, at).split('\n').length;
    const column = at - nl - (nl < 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0);
    const message = rough.kind === 'depth' ? `nesting is deeper than ${MAX_DEPTH} levels; flatten the document` : NODES_MESSAGE;
    return { ...out, diagnostics: [{ file: path, line, column, endLine: line, endColumn: column + 1, severity: 'error', code: 'yaml-hostile', message }] };
  }
  const tokens = Array.from(new Parser(lc.addNewLine).parse(text));
  const deep = cstDepthExceeds(tokens, MAX_DEPTH);
  if (deep !== null) {
    d.push(diagAt(path, lc, { start: deep, end: deep + 1 }, 'error', 'yaml-hostile', `nesting is deeper than ${MAX_DEPTH} levels; flatten the document`));
    return out;
  }
  let docs: Document[];
  try {
    docs = Array.from(new Composer(COMPOSE_OPTIONS).compose(tokens, true, text.length)) as Document[];
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    d.push(fileDiag(path, 'error', 'yaml-hostile', `${path} is nested too deeply to read; flatten it`));
    return out;
  }
  if (docs.length === 0) {
    d.push(fileDiag(path, 'error', 'unknown-kind', `${path} is empty; start it with 'kind:' and 'schemaVersion: 1'`));
    return out;
  }
  const doc = docs[0];
  out.document = doc;
  for (const extra of docs.slice(1)) {
    const at = extra.range?.[0] ?? 0;
    d.push(diagAt(path, lc, { start: at, end: at }, 'error', 'yaml-syntax', 'only one YAML document per file is allowed; move this one (after ---) into its own file'));
  }
  let fatal = false;
  if (doc.errors.length) {
    // Later syntax errors are nearly always knock-on effects of the first: report that one.
    const [e] = doc.errors;
    const more = doc.errors.length - 1;
    const tail = more > 0 ? ` (${more} more syntax error${more === 1 ? '' : 's'} may follow from this one)` : '';
    d.push(diagAt(path, lc, { start: e.pos[0], end: e.pos[1] }, 'error', 'yaml-syntax', rewriteYamlError(e.message) + tail));
    fatal = true;
  }
  for (const w of doc.warnings) {
    const tag = /Unresolved tag: (\S+)/.exec(w.message);
    if (tag) {
      d.push(diagAt(path, lc, { start: w.pos[0], end: w.pos[1] }, 'error', 'yaml-hostile', `tag ${tag[1].replace('tag:yaml.org,2002:', '!!')} is not allowed; remove it and write a plain value`));
      fatal = true;
    } else {
      d.push(diagAt(path, lc, { start: w.pos[0], end: w.pos[1] }, 'warning', 'yaml-syntax', w.message.split('\n')[0]));
    }
  }
  if (fatal) {
    peekIdentity(doc, out);
    return out;
  }
  const plain = toPlain(doc);
  for (const p of plain.problems) d.push(diagAt(path, lc, p.span, 'error', p.code, p.message));
  if (plain.data === null && plain.problems.length) return out;
  const data = plain.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    const what = data === null || data === undefined ? 'has no content (only comments or blank lines)' : Array.isArray(data) ? 'is a list' : `is a single value (${typeof data})`;
    d.push(diagAt(path, lc, valueSpan(doc, []), 'error', 'unknown-kind', `${path} ${what}; a document must be a mapping that starts with 'kind:' and 'schemaVersion: 1' (or delete the file)`));
    return out;
  }
  const obj = data as Record<string, unknown>;
  const kind = obj.kind;
  if (kind === undefined) {
    d.push(diagAt(path, lc, missingSpan(doc, []), 'error', 'unknown-kind', `${path} has no 'kind'; add one of: ${DOC_KINDS.join(', ')}`));
    return out;
  }
  if (typeof kind !== 'string' || !(DOC_KINDS as readonly string[]).includes(kind)) {
    const guess = probableKind(String(kind), obj);
    const looks = guess !== null && typeof obj.id === 'string' ? `; it looks like a ${guess}, so references to '${obj.id}' are not reported until this is fixed` : '';
    d.push(diagAt(path, lc, valueSpan(doc, ['kind']), 'error', 'unknown-kind', `unknown kind '${String(kind)}'${didYouMean(String(kind), DOC_KINDS)} (one of: ${DOC_KINDS.join(', ')})${looks}`));
    if (looks !== '') {
      out.probableKind = guess!;
      out.id = obj.id as string;
    }
    return out;
  }
  out.kind = kind as DocKind;
  out.id = typeof obj.id === 'string' ? obj.id : null;
  const migrated = migrate(obj);
  if (!migrated.ok) {
    d.push(diagAt(path, lc, valueSpan(doc, ['schemaVersion']), 'error', 'schema-version', migrated.message));
    return out;
  }
  for (const m of migrated.applied.filter((step) => step.silent !== true)) {
    d.push(diagAt(path, lc, keySpan(doc, ['schemaVersion']), 'info', 'schema-version', `read as schemaVersion ${m.from + 1} in memory: ${m.describe}; saving from the editor writes the new version`));
  }
  out.data = migrated.data;
  d.push(...checkSchema(out.kind, migrated.data, path, doc, lc));
  return out;
}

/** Keys that only one kind of document has at its top level, each naming that kind. */
const SHAPES: [string, DocKind][] = [['members', 'crew'], ['areas', 'scenario'], ['sides', 'scenario'], ['items', 'equipment'], ['abilities', 'abilities'], ['base', 'crewType'], ['battles', 'campaign'], ['scenarios', 'campaign'], ['extends', 'ruleset'], ['turnStructure', 'ruleset']];

/** The kind a document with an unknown `kind` most likely is: by spelling, else by its keys; or null. */
function probableKind(kind: string, data: Record<string, unknown>): DocKind | null {
  const spelled = closest(kind, DOC_KINDS);
  if (spelled !== null) return spelled as DocKind;
  for (const [key, k] of SHAPES) if (key in data) return k;
  return null;
}

/**
 * Reads top-level `kind` and `id` of a document that cannot be used, so that references to it
 * are not reported as unknown (its own file already carries the errors).
 */
function peekIdentity(doc: Document, out: LoadedDocument): void {
  try {
    const kind = doc.get('kind');
    const id = doc.get('id');
    if (typeof kind === 'string' && (DOC_KINDS as readonly string[]).includes(kind)) out.kind = kind as DocKind;
    if (typeof id === 'string') out.id = id;
  } catch {
    /* contents too broken to peek: leave kind and id null */
  }
}

/**
 * A UTF-8 byte-order mark is not a column an editor shows (Monaco and VS Code drop it), so
 * positions on line 1 of a file that starts with one are reported one column to the left.
 */
function skipBomColumn(lc: LineCounter): void {
  const base = lc.linePos;
  lc.linePos = (offset) => {
    const p = base(offset);
    return p.line === 1 ? { line: 1, col: Math.max(1, p.col - 1) } : p;
  };
}

/** Offset of the first NUL or U+FFFD (an undecodable byte), or -1. */
function firstBinary(text: string): number {
  const a = text.indexOf('\u0000');
  const b = text.indexOf('\uFFFD');
  return a < 0 ? b : b < 0 ? a : Math.min(a, b);
}

function rewriteYamlError(message: string): string {
  const first = message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  if (/Map keys must be unique/.test(first)) return 'this key appears twice in the same mapping; remove or rename one';
  if (/Tabs are not allowed/.test(first)) return `${first}; indent with spaces instead of tabs`;
  if (/Implicit map keys need to be followed by map values/.test(first)) return `${first}; add ':' after the key or quote the text`;
  return `${first}; fix the YAML syntax here`;
}
