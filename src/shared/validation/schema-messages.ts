import type { DiagnosticCode } from '../diagnostics';
import { DICE, EFFECT_KEYS } from '../model/types';
import type { DocKind } from '../model/types';
import type { CompiledSchemaError } from './compiled-schemas';
import { didYouMean } from './did-you-mean';

type Seg = string | number;

/** Splits an ajv `instancePath` into keys and array indices, following the data. */
export function toSegments(data: unknown, pointer: string): Seg[] {
  if (!pointer) return [];
  const out: Seg[] = [];
  let cur: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const seg: Seg = Array.isArray(cur) && /^\d+$/.test(key) ? Number(key) : key;
    out.push(seg);
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg as string] : undefined;
  }
  return out;
}

const ITEM_LABEL: Record<string, string> = {
  members: 'member',
  areas: 'area',
  objectives: 'objective',
  sides: 'side',
  abilities: 'ability',
  items: 'item',
  battles: 'battle',
  rules: 'rule',
  effects: 'effect',
  history: 'history entry',
  aftermath: 'aftermath entry',
  table: 'aftermath row',
};

/**
 * Names where a value sits, for people: `member 'warden-7'`, `scenario 'x' area 'gate'`,
 * `member 'a' rule 'Slick Floor' effect #2`. Falls back to the document (`crew 'iron-choir'`).
 */
export function describeContext(kind: DocKind, data: unknown, path: readonly Seg[]): string {
  const parts: string[] = [];
  let cur: unknown = data;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const next: unknown = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg as string] : undefined;
    if (typeof seg === 'number' && i > 0 && typeof path[i - 1] === 'string') {
      const label = Object.hasOwn(ITEM_LABEL, path[i - 1]) ? ITEM_LABEL[path[i - 1] as string] : undefined;
      if (label) {
        const rec = next && typeof next === 'object' ? (next as Record<string, unknown>) : {};
        const name = typeof rec.id === 'string' ? rec.id : typeof rec.name === 'string' ? rec.name : typeof rec.scenario === 'string' && label === 'battle' ? rec.scenario : null;
        parts.push(name !== null ? `${label} '${name}'` : `${label} #${seg + 1}`);
      }
    }
    cur = next;
  }
  if (parts.length) return parts.join(' ');
  const id = data && typeof data === 'object' ? (data as Record<string, unknown>).id : undefined;
  return typeof id === 'string' ? `${kind} '${id}'` : kind;
}

/** The property name a path ends in, dotted from the last list item: `die`, `clash.tie`, `dice[2]`. */
export function propertyLabel(path: readonly Seg[]): string {
  let start = path.length;
  while (start > 0 && typeof path[start - 1] === 'string') start--;
  const tail = path.slice(start) as string[];
  if (tail.length) return tail.join('.');
  if (path.length >= 2 && typeof path[path.length - 1] === 'number') return `${String(path[path.length - 2])}[${(path[path.length - 1] as number) + 1}]`;
  return 'value';
}

const show = (v: unknown): string => (typeof v === 'string' ? `'${v}'` : v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : String(v));
const typeWord = (t: unknown): string => {
  const names: Record<string, string> = { integer: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'a mapping', null: 'null' };
  const ts = Array.isArray(t) ? t : String(t).split(',');
  return ts.map((x) => names[x] ?? String(x)).join(' or ');
};
const slug = (s: string): string => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'my-id';
const CMP: Record<string, string> = { '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' };

/** Code and human message for one (simplified) schema error. */
export function explainError(kind: DocKind, data: unknown, path: Seg[], e: CompiledSchemaError): { code: DiagnosticCode; message: string } {
  const ctx = describeContext(kind, data, path);
  const prop = propertyLabel(path);
  const value = e.data;
  const p = e.params;
  const say = (message: string, code: DiagnosticCode = 'schema') => ({ code, message: `${ctx}: ${message}` });
  switch (e.keyword) {
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const isDice = allowed.length === DICE.length && DICE.every((d) => allowed.includes(d));
      if (value === null) return say(`${prop} is empty; write ${isDice ? `an Existence Die (${DICE.join(', ')})` : `one of: ${allowed.map(String).join(', ')}`}`);
      if (isDice) {
        return say(`${prop} ${String(value)} is not an Existence Die (${DICE.join(', ')})`);
      }
      return say(`${prop} ${show(value)} is not one of: ${allowed.map(String).join(', ')}${didYouMean(String(value), allowed.map(String))}`);
    }
    case 'const':
      return say(`${prop} must be ${show(p.allowedValue)}, not ${show(value)}`);
    case 'type':
      return say(`${prop} must be ${typeWord(p.type)}, not ${show(value)}`);
    case 'required': {
      const missing = String(p.missingProperty);
      const props = (e.parentSchema?.properties ?? {}) as Record<string, { examples?: unknown[] }>;
      const ex = props[missing]?.examples?.[0];
      const hint = ex !== undefined && (typeof ex !== 'object' || ex === null) ? ` (e.g. ${missing}: ${String(ex)})` : '';
      const under = path.length > 0 && typeof path[path.length - 1] === 'string' ? `${prop}: ` : '';
      return say(`${under}missing required property '${missing}'; add it${hint}`);
    }
    case 'additionalProperties': {
      const extra = String(p.additionalProperty);
      const allowed = Object.keys((e.parentSchema?.properties ?? {}) as object);
      const dym = didYouMean(extra, allowed);
      return say(`unknown property '${extra}'${dym || `; remove it${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`}`);
    }
    case 'pattern':
      if (String(p.pattern).includes('a-z0-9')) {
        return say(`${prop} ${show(value)} must be lowercase kebab-case (letters, digits, single hyphens), e.g. '${slug(String(value))}'`);
      }
      return say(`${prop} ${show(value)} does not match the pattern ${String(p.pattern)}`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return say(`${prop} must be ${CMP[String(p.comparison)] ?? String(p.comparison)} ${String(p.limit)} (it is ${show(value)})`);
    case 'minItems':
    case 'maxItems': {
      const n = Array.isArray(value) ? value.length : 0;
      if (kind === 'scenario' && path.length === 1 && path[0] === 'sides') return say(`a scenario needs exactly two sides; it has ${n}`, 'side-count');
      if (kind === 'scenario' && path.length === 1 && path[0] === 'areas') return say('the scenario has no Areas; add at least one (2 to 5 play best)', 'area-count');
      return say(`${prop} needs ${e.keyword === 'minItems' ? 'at least' : 'at most'} ${String(p.limit)} item${p.limit === 1 ? '' : 's'} (it has ${n})`);
    }
    case 'minLength':
      return say(`${prop} must not be empty`);
    case 'maxLength':
      return say(`${prop} is longer than ${String(p.limit)} characters; shorten it`);
    case 'uniqueItems': {
      const arr = Array.isArray(value) ? value : [];
      return say(`${prop} lists ${show(arr[p.j as number])} twice; remove the duplicate`);
    }
    case 'format':
      return say(`${prop} ${show(value)} is not a valid ${String(p.format)}${p.format === 'date' ? ' (write YYYY-MM-DD)' : ''}`);
    default:
      return say(`${prop} ${e.message ?? 'is invalid'}`);
  }
}

/** Message for a failed `oneOf`/`anyOf` or an unknown effect key, and the key to point at. */
export function explainOneOf(kind: DocKind, data: unknown, path: Seg[], e: CompiledSchemaError): { message: string; key: string | null; atValue?: boolean } {
  const ctx = describeContext(kind, data, path);
  const isEffect = path.length >= 2 && path[path.length - 2] === 'effects';
  const valueAt = path.reduce<unknown>((c, s) => (c && typeof c === 'object' ? (c as Record<string, unknown>)[s as string] : undefined), data);
  if (e.keyword === 'propertyNames') {
    const name = String(e.params.propertyName);
    const list: readonly string[] = isEffect ? [...EFFECT_KEYS, 'when'] : [];
    const dym = didYouMean(name, list);
    return { key: name, message: `${ctx}: unknown ${isEffect ? 'effect' : 'key'} '${name}'${dym || (isEffect ? `; effects are: ${EFFECT_KEYS.join(', ')}` : '; remove or rename it')}` };
  }
  if (isEffect && valueAt && typeof valueAt === 'object' && !Array.isArray(valueAt)) {
    const keys = Object.keys(valueAt).filter((k) => (EFFECT_KEYS as readonly string[]).includes(k));
    if (keys.length === 0) return { key: null, message: `${ctx}: no effect key; add one of: ${EFFECT_KEYS.join(', ')}` };
    if (keys.length > 1) return { key: keys[1], message: `${ctx}: one effect per list item, found ${keys.join(' and ')}; split them into separate effects` };
  }
  if (isEffect && (typeof valueAt !== 'object' || valueAt === null || Array.isArray(valueAt))) {
    return { key: null, message: `${ctx}: an effect must be a mapping such as {rollModifier: 1}, not ${show(valueAt)}` };
  }
  return { key: null, atValue: true, message: `${ctx}: ${propertyLabel(path)} ${show(valueAt)} does not match any allowed form; check the value against the documentation` };
}
