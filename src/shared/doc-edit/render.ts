/**
 * Renders new values as YAML source fragments that fit where they are spliced in: flow or
 * block context, at a given indentation, in the surrounding quoting style. Every fragment
 * parses back to exactly the value it was made from (checked by the property tests).
 */
import { isScalar, parse } from 'yaml';

/** A plain JSON-like value a form can write. */
export type EditValue = null | boolean | number | string | EditValue[] | { [key: string]: EditValue };

/** How the scalar it replaces was written; kept when the new value allows it. */
export type ScalarStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

const isRecord = (v: unknown): v is Record<string, EditValue> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True for null, booleans, numbers and strings. */
export const isScalarValue = (v: unknown): v is null | boolean | number | string =>
  v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string';

function plainOk(value: string, inFlow: boolean): boolean {
  if (value === '' || value !== value.trim() || /[\n\r\t]/.test(value)) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(value) && !/^-[^\s-]/.test(value)) return false;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':')) return false;
  if (inFlow && /[,[\]{}]/.test(value)) return false;
  try {
    return parse(value) === value;
  } catch {
    return false;
  }
}

function blockLiteral(value: string, indent: number): string | null {
  if (!value.includes('\n') || /^[ \t]/m.test(value) || /\n\n$/.test(value) || /[\r\t]/.test(value)) return null;
  const chomp = value.endsWith('\n') ? '' : '-';
  const body = chomp ? value : value.slice(0, -1);
  const pad = ' '.repeat(indent);
  return `|${chomp}\n` + body.split('\n').map((l) => (l === '' ? '' : pad + l)).join('\n') + '\n';
}

/**
 * One scalar as source. `indent` is the column block-scalar content goes to; `style` is the
 * style of the scalar being replaced. A multi-line string in block context becomes a `|`
 * block (ending with a newline); everything else is one line.
 */
export function renderScalar(value: null | boolean | number | string, opts: { inFlow: boolean; indent: number; style?: ScalarStyle }): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf';
    return String(value);
  }
  const style = opts.style ?? 'PLAIN';
  if (!opts.inFlow && style === 'BLOCK_FOLDED' && value !== '' && !/[\n\r\t]/.test(value) && !value.startsWith(' ') && value === value.trimEnd()) {
    return `>-\n${' '.repeat(opts.indent)}${value}\n`;
  }
  if (!opts.inFlow && value.includes('\n') && (style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED' || style === 'PLAIN')) {
    const block = blockLiteral(value, opts.indent);
    if (block) return block;
  }
  if (style === 'QUOTE_SINGLE' && !/[\n\r\t]/.test(value)) return `'${value.replace(/'/g, "''")}'`;
  if (style !== 'QUOTE_DOUBLE' && plainOk(value, opts.inFlow)) return value;
  return JSON.stringify(value);
}

/**
 * The style to write a new value of `node` in: its own, except that quotes the old value needed
 * (it could not be written plain) are not kept — plain text is written unquoted when YAML
 * allows. Quotes around a value that did not need them were the author's choice and stay.
 */
export function keptStyle(node: unknown, inFlow: boolean): ScalarStyle | undefined {
  if (!isScalar(node)) return undefined;
  const t = node.type as ScalarStyle | undefined;
  if ((t === 'QUOTE_DOUBLE' || t === 'QUOTE_SINGLE') && typeof node.value === 'string' && !plainOk(node.value, inFlow)) return 'PLAIN';
  return t;
}

/** A map key as source: plain when safe, else double-quoted. */
export const renderKey = (key: string): string => (plainOk(key, true) ? key : JSON.stringify(key));

/** A value in flow style on one line: `{id: a, tags: [x, y]}`. */
export function renderFlow(value: EditValue): string {
  if (Array.isArray(value)) return `[${value.map(renderFlow).join(', ')}]`;
  if (isRecord(value)) {
    return `{${Object.entries(value).map(([k, v]) => `${renderKey(k)}: ${renderFlow(v)}`).join(', ')}}`;
  }
  return renderScalar(value, { inFlow: true, indent: 0 });
}

const FLOW = new WeakSet<object>();

/**
 * Asks for `value` (a map or list) to be written in flow style on one line wherever it is
 * rendered, e.g. a history entry `- {kind: victory, scenario: …, text: …}` or `sides: {a: x, b: y}`.
 * Returns the same object, marked.
 */
export function inFlowStyle<T extends EditValue[] | { [key: string]: EditValue }>(value: T): T {
  FLOW.add(value);
  return value;
}

/** True for a value marked with {@link inFlowStyle}. */
export const isMarkedFlow = (value: EditValue): boolean => value !== null && typeof value === 'object' && FLOW.has(value);

/** Arrays of scalars are written in flow style (`[a, b]`), as the example workspace does; so are values marked with {@link inFlowStyle}. */
export function prefersFlow(value: EditValue): boolean {
  if (isMarkedFlow(value)) return true;
  if (Array.isArray(value)) return value.length === 0 || (value.every(isScalarValue) && renderFlow(value).length <= 72);
  if (isRecord(value)) return Object.keys(value).length === 0;
  return false;
}

/**
 * A value as it follows `key:` in a block map whose keys sit at column `keyCol`. Returns the
 * text to put right after the colon, including the leading space or newline; a block
 * collection ends without a trailing newline.
 */
export function renderAfterKey(value: EditValue, keyCol: number): string {
  if (isScalarValue(value)) {
    const s = renderScalar(value, { inFlow: false, indent: keyCol + 2 });
    return ' ' + (s.endsWith('\n') ? s.slice(0, -1) : s);
  }
  if (prefersFlow(value)) return ' ' + renderFlow(value);
  return '\n' + ' '.repeat(keyCol + 2) + renderBlockAt(value, keyCol + 2);
}

/**
 * A block collection whose first line starts at column `col` (the caller has already written
 * the indentation or `- ` before it); following lines are indented to `col`. No trailing newline.
 */
export function renderBlockAt(value: EditValue, col: number): string {
  const pad = ' '.repeat(col);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return value.map((item, i) => (i === 0 ? '' : pad) + '- ' + renderItem(item, col + 2)).join('\n');
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return entries.map(([k, v], i) => (i === 0 ? '' : pad) + renderKey(k) + ':' + renderAfterKey(v, col)).join('\n');
  }
  const s = renderScalar(value, { inFlow: false, indent: col });
  return s.endsWith('\n') ? s.slice(0, -1) : s;
}

/**
 * True for a small map of scalars (or maps of scalars) such as an effect or a history entry,
 * which the example workspace writes as one flow line in a list: `- {kind: note, text: …}`.
 */
export function isSmallMap(value: EditValue): boolean {
  if (!isRecord(value)) return false;
  const entries = Object.entries(value);
  const flat = (v: EditValue): boolean => isScalarValue(v) || (isRecord(v) && Object.values(v).every(isScalarValue));
  return entries.length > 0 && entries.length <= 3 && entries.every(([, v]) => flat(v)) && renderFlow(value).length <= 60;
}

/** A sequence item's value as it follows `- `, with its content at column `col`. No trailing newline. */
export function renderItem(value: EditValue, col: number): string {
  if (isScalarValue(value)) return renderBlockAt(value, col);
  if (prefersFlow(value) || isSmallMap(value)) return renderFlow(value);
  return renderBlockAt(value, col);
}
