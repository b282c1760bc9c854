/**
 * Edits of a YAML text as pure functions text → text. Each splices only the source of the node
 * it touches, so comments, key order, quoting and flow/block style elsewhere stay byte-identical.
 * Failures are values: `edit/unparsed` (the text has a syntax error), `edit/path` (the path
 * runs through something that is not a map or list), `edit/unsupported` (a layout this layer
 * does not rewrite, e.g. nested compact `- - x` lists).
 */
import { isMap, isScalar, isSeq } from 'yaml';
import type { ParsedNode, YAMLMap, YAMLSeq } from 'yaml';
import { err, ok } from '../result';
import type { Result } from '../result';
import { findPair, isFlow, locate, parseForEdit, pathKey } from './parse';
import type { DocPath, EditableDoc, Located, PathSegment } from './parse';
import { isMarkedFlow, isScalarValue, keptStyle, prefersFlow, renderAfterKey, renderBlockAt, renderFlow, renderItem, renderKey, renderScalar } from './render';
import type { EditValue } from './render';
import { blockItemLines, columnOf, dashOf, itemSpans, lineEndAfter, splice } from './source';

type Coll = YAMLMap.Parsed | YAMLSeq.Parsed;

function editable(text: string): Result<EditableDoc> {
  const parsed = parseForEdit(text);
  if (!parsed.ok) {
    const p = parsed.problem;
    return err('edit/unparsed', `The YAML has a syntax error at line ${p.line}, column ${p.column} (${p.message}); fix it in the YAML view before editing in the form.`);
  }
  return ok(parsed);
}

const describe = (node: unknown): string =>
  node === null || node === undefined ? 'empty' : isMap(node) ? 'a map' : isSeq(node) ? 'a list' : isScalar(node) ? `the value ${JSON.stringify(node.value)}` : 'an alias';

function build(rest: readonly PathSegment[], value: EditValue): Result<EditValue> {
  if (rest.length === 0) return ok(value);
  const inner = build(rest.slice(1), value);
  if (!inner.ok) return inner;
  const seg = rest[0];
  if (typeof seg === 'number') return seg === 0 ? ok([inner.value]) : err('edit/path', `Cannot create list item ${seg} of a list that does not exist; add item 0 first.`);
  return ok({ [seg]: inner.value });
}

/** Sets the value at `path`, creating missing map keys (and a first list item); `undefined` deletes it. */
export function setIn(text: string, path: DocPath, value: EditValue | undefined): Result<string> {
  if (value === undefined) return deleteIn(text, path);
  const parsed = editable(text);
  if (!parsed.ok) return parsed;
  const { found, depth } = locate(parsed.value.document, path);
  if (depth === path.length) return ok(replaceNode(text, found, value));
  const rest = path.slice(depth);
  const node = found.node;
  if (isMap(node)) {
    const built = build(rest.slice(1), value);
    return built.ok ? ok(insertPair(text, node, found.inFlow, String(rest[0]), built.value)) : built;
  }
  if (isSeq(node) && rest[0] === node.items.length) {
    const built = build(rest.slice(1), value);
    return built.ok ? insertItemAt(text, node, found.inFlow, node.items.length, built.value) : built;
  }
  if (node === null || (isScalar(node) && (node.value === null || node.value === ''))) {
    const built = build(rest, value);
    return built.ok ? ok(replaceNode(text, found, built.value)) : built;
  }
  return err('edit/path', `Cannot set '${pathKey(path)}': '${pathKey(path.slice(0, depth)) || 'the document'}' is ${describe(node)}, not a map or list. Fix it in the YAML view.`);
}

function contentIndent(text: string, found: Located): number {
  const { node, pair, parent } = found;
  if (pair && pair.key && (pair.key as ParsedNode).range) return columnOf(text, (pair.key as ParsedNode).range[0]) + 2;
  if (parent && node?.range) {
    const dash = dashOf(text, node.range[0]);
    if (dash >= 0) return columnOf(text, dash) + 2;
  }
  return 2;
}

function replaceNode(text: string, found: Located, value: EditValue): string {
  const node = found.node;
  if (!node || !node.range) {
    const block = isScalarValue(value) ? renderScalar(value, { inFlow: false, indent: 2 }) : renderBlockAt(value, 0);
    const sep = text === '' || text.endsWith('\n') ? '' : '\n';
    return text + sep + block + (block.endsWith('\n') ? '' : '\n');
  }
  const [r0, r1] = node.range;
  const endsNl = text[r1 - 1] === '\n';
  if (found.parentFlow) {
    const s = isScalarValue(value) ? renderScalar(value, { inFlow: true, indent: 0, style: keptStyle(node, true) }) : renderFlow(value);
    return splice(text, r0, r1, s);
  }
  const indent = contentIndent(text, found);
  const gap = r0 === r1 && /[:-]$/.test(text.slice(0, r0)) ? ' ' : '';
  if (isScalarValue(value) && (isScalar(node) || isFlow(node))) {
    let s = renderScalar(value, { inFlow: false, indent, style: keptStyle(node, false) });
    const restOfLine = text.slice(r1, lineEndAfter(text, r1)).trim();
    if (s.endsWith('\n') && !endsNl && restOfLine !== '') s = JSON.stringify(value);
    if (s.endsWith('\n') && !endsNl) s = s.slice(0, -1);
    if (!s.endsWith('\n') && endsNl) s += '\n';
    return splice(text, r0, r1, gap + s);
  }
  const inline = isScalarValue(value) || prefersFlow(value);
  const blockNode = (isMap(node) || isSeq(node)) && !isFlow(node);
  if (inline) {
    const s = isScalarValue(value) ? renderScalar(value, { inFlow: false, indent, style: 'PLAIN' }) : renderFlow(value);
    const one = s.endsWith('\n') ? JSON.stringify(value) : s;
    if (blockNode && found.pair) {
      const keyEnd = (found.pair.key as ParsedNode).range[1];
      const colon = text.indexOf(':', keyEnd);
      return splice(text, colon + 1, r1, ' ' + one + (endsNl ? '\n' : ''));
    }
    return splice(text, r0, r1, gap + one + (endsNl ? '\n' : ''));
  }
  if (blockNode) return splice(text, r0, r1, renderBlockAt(value, columnOf(text, r0)) + (endsNl ? '\n' : ''));
  if (found.pair) {
    const keyCol = columnOf(text, (found.pair.key as ParsedNode).range[0]);
    let start = r0;
    while (start > 0 && text[start - 1] === ' ') start--;
    return splice(text, start, r1, renderAfterKey(value, keyCol) + (endsNl ? '\n' : ''));
  }
  const col = found.parent ? columnOf(text, r0) : 0;
  return splice(text, r0, r1, gap + renderBlockAt(value, col) + (endsNl ? '\n' : ''));
}

function insertPair(text: string, map: YAMLMap.Parsed, inFlow: boolean, key: string, value: EditValue): string {
  const spans = itemSpans(map);
  if (inFlow || map.flow) {
    const entry = `${renderKey(key)}: ${renderFlow(value)}`;
    if (spans.length === 0) return splice(text, map.range[0] + 1, map.range[0] + 1, entry);
    const end = spans[spans.length - 1][1];
    return splice(text, end, end, ', ' + entry);
  }
  const col = columnOf(text, spans[0][0]);
  const pos = lineEndAfter(text, spans[spans.length - 1][1]);
  const lead = pos === text.length && text !== '' && !text.endsWith('\n') ? '\n' : '';
  return splice(text, pos, pos, lead + ' '.repeat(col) + renderKey(key) + ':' + renderAfterKey(value, col) + '\n');
}

function insertItemAt(text: string, seq: YAMLSeq.Parsed, inFlow: boolean, index: number, value: EditValue): Result<string> {
  const spans = itemSpans(seq);
  const len = spans.length;
  if (index < 0 || index > len) return err('edit/path', `Cannot insert at position ${index} of a list of ${len} items.`);
  if (inFlow || seq.flow) {
    const s = renderFlow(value);
    if (len === 0) return ok(splice(text, seq.range[0] + 1, seq.range[0] + 1, s));
    if (index < len) return ok(splice(text, spans[index][0], spans[index][0], s + ', '));
    return ok(splice(text, spans[len - 1][1], spans[len - 1][1], ', ' + s));
  }
  const dash = dashOf(text, spans[0][0]);
  if (dash < 0) return err('edit/unsupported', 'This list is written in a layout the form cannot extend; add the item in the YAML view.');
  const col = columnOf(text, dash);
  const sibling = seq.items[Math.min(index, len - 1)] as ParsedNode;
  const body = isScalarValue(value) ? renderItem(value, col + 2)
    : isFlow(sibling) ? renderFlow(value)
    : isMap(sibling) || isSeq(sibling) ? renderBlockAt(value, col + 2)
    : renderItem(value, col + 2);
  const line = ' '.repeat(col) + '- ' + body + '\n';
  const gap = blankSeparated(text, seq) ? '\n' : '';
  if (index < len) {
    const lines = blockItemLines(text, seq.items[index], true);
    if (!lines) return err('edit/unsupported', 'This list is written in a layout the form cannot extend; add the item in the YAML view.');
    return ok(splice(text, lines[0], lines[0], line + gap));
  }
  const pos = lineEndAfter(text, spans[len - 1][1]);
  const lead = pos === text.length && !text.endsWith('\n') ? '\n' : '';
  return ok(splice(text, pos, pos, lead + gap + line));
}

/** True when the items of a block list are separated by blank lines (as the example crews are). */
function blankSeparated(text: string, seq: YAMLSeq.Parsed): boolean {
  if (seq.items.length < 2) return false;
  const [, end] = itemSpans(seq)[0];
  const next = blockItemLines(text, seq.items[1], true);
  return next !== null && /\n[ \t]*\n/.test('\n' + text.slice(lineEndAfter(text, end), next[0]));
}

/** Extends a removed block item's lines over one following blank line when a blank line also precedes it. */
function withSeparator(text: string, [a, b]: [number, number]): [number, number] {
  const before = a === 0 || /\n[ \t]*\n$/.test('\n' + text.slice(0, a));
  const m = /^[ \t]*\n/.exec(text.slice(b));
  return before && m ? [a, b + m[0].length] : [a, b];
}

/** Inserts `value` into the list at `path` before position `index` (`index` = length appends); creates the list if absent or empty. */
export function insertIn(text: string, path: DocPath, index: number, value: EditValue): Result<string> {
  const parsed = editable(text);
  if (!parsed.ok) return parsed;
  const { found, depth } = locate(parsed.value.document, path);
  const node = depth === path.length ? found.node : undefined;
  if (isSeq(node) && node.flow && node.items.length === 0 && !found.parentFlow && !isScalarValue(value) && (!prefersFlow(value) || isMarkedFlow(value))) {
    return ok(replaceNode(text, found, [value]));
  }
  if (isSeq(node)) return insertItemAt(text, node, found.inFlow, index, value);
  if (node === undefined || node === null || (isScalar(node) && node.value === null)) {
    return index === 0 ? setIn(text, path, [value]) : err('edit/path', `Cannot insert at position ${index}: '${pathKey(path)}' is not a list yet.`);
  }
  return err('edit/path', `Cannot add to '${pathKey(path)}': it is ${describe(node)}, not a list. Fix it in the YAML view.`);
}

/** Removes the map key or list item at `path`; a removed last entry leaves `{}` or `[]`. Absent paths are left as they are. */
export function deleteIn(text: string, path: DocPath): Result<string> {
  const parsed = editable(text);
  if (!parsed.ok) return parsed;
  if (path.length === 0) return err('edit/path', 'Cannot delete the whole document from the form.');
  const { found, depth } = locate(parsed.value.document, path);
  if (depth < path.length) return ok(text);
  const parent = found.parent as Coll;
  const last = path[path.length - 1];
  const idx = isMap(parent) ? parent.items.indexOf(findPair(parent, last) as never) : Number(last);
  const spans = itemSpans(parent);
  if (found.parentFlow || parent.flow) {
    if (spans.length === 1) return ok(splice(text, spans[0][0], spans[0][1], ''));
    if (idx < spans.length - 1) return ok(splice(text, spans[idx][0], spans[idx + 1][0], ''));
    return ok(splice(text, spans[idx - 1][1], spans[idx][1], ''));
  }
  if (spans.length === 1) return setIn(text, path.slice(0, -1), isMap(parent) ? {} : []);
  const lines = blockItemLines(text, parent.items[idx], isSeq(parent));
  if (lines) {
    const [a, b] = isSeq(parent) ? withSeparator(text, lines) : lines;
    return ok(splice(text, a, b, ''));
  }
  if (isMap(parent) && idx === 0) return ok(splice(text, spans[0][0], spans[1][0], ''));
  return err('edit/unsupported', `'${pathKey(path)}' is written in a layout the form cannot remove; delete it in the YAML view.`);
}

/** Moves the list item at position `from` of the list at `path` to position `to`. */
export function moveIn(text: string, path: DocPath, from: number, to: number): Result<string> {
  const parsed = editable(text);
  if (!parsed.ok) return parsed;
  const { found, depth } = locate(parsed.value.document, path);
  const seq = depth === path.length ? found.node : null;
  if (!isSeq(seq)) return err('edit/path', `Cannot reorder '${pathKey(path)}': it is not a list.`);
  const len = seq.items.length;
  if (from < 0 || from >= len || to < 0 || to >= len) return err('edit/path', `Cannot move item ${from} to ${to} of a list of ${len} items.`);
  if (from === to) return ok(text);
  const spans = itemSpans(seq);
  if (found.inFlow) {
    const parts = spans.map(([s, e]) => text.slice(s, e));
    const [moved] = parts.splice(from, 1);
    parts.splice(to, 0, moved);
    return ok(splice(text, spans[0][0], spans[len - 1][1], parts.join(', ')));
  }
  const base = text.endsWith('\n') ? text : text + '\n';
  const all = seq.items.map((item) => blockItemLines(base, item, true));
  if (all.some((l) => l === null)) return err('edit/unsupported', 'This list is written in a layout the form cannot reorder; move the item in the YAML view.');
  const lines = all as [number, number][];
  const chunk = base.slice(lines[from][0], lines[from][1]);
  const pos = to < from ? lines[to][0] : lines[to][1];
  const without = splice(base, lines[from][0], lines[from][1], '');
  const at = pos > lines[from][0] ? pos - chunk.length : pos;
  return ok(splice(without, at, at, chunk));
}
