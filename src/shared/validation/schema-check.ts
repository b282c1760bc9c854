import type { Document, LineCounter } from 'yaml';
import type { Diagnostic } from '../diagnostics';
import type { DocKind } from '../model/types';
import { validators } from './compiled-schemas';
import type { CompiledSchemaError } from './compiled-schemas';
import { diagAt, keySpan, missingSpan, valueSpan } from './positions';
import { explainError, explainOneOf, toSegments } from './schema-messages';

/**
 * Keeps the errors a person needs: drops `if` wrappers, collapses each failed `oneOf`/`anyOf`
 * to its closest branch (or one summary error), and removes duplicates.
 */
export function simplifyErrors(errors: readonly CompiledSchemaError[]): { errors: CompiledSchemaError[]; summaries: CompiledSchemaError[] } {
  const all = errors.filter((e) => e.keyword !== 'if');
  const drop = new Set<CompiledSchemaError>();
  const keep: CompiledSchemaError[] = [];
  const summaries: CompiledSchemaError[] = [];
  const within = (e: CompiledSchemaError, at: string) => e.instancePath === at || e.instancePath.startsWith(`${at}/`);
  for (let i = 0; i < all.length; i++) {
    const alt = all[i];
    if ((alt.keyword !== 'oneOf' && alt.keyword !== 'anyOf') || drop.has(alt)) continue;
    const prefix = `${alt.schemaPath}/`;
    // ajv reports a branch's errors just before the oneOf/anyOf error itself. Errors from a
    // $ref'd schema carry that schema's own paths, so they join the branch reported last,
    // unless the same error repeats (a new branch whose only errors come from the $ref).
    let start = i;
    while (start > 0 && within(all[start - 1], alt.instancePath) && !drop.has(all[start - 1])) start--;
    const groups = new Map<string, CompiledSchemaError[]>();
    const deeper: CompiledSchemaError[] = [];
    let current = 'ref0';
    let fresh = 0;
    for (let j = start; j < i; j++) {
      const e = all[j];
      if (e.instancePath.startsWith(`${alt.instancePath}/`) && e.keyword !== 'oneOf' && e.keyword !== 'anyOf') deeper.push(e);
      if (e.schemaPath.startsWith(prefix)) current = e.schemaPath.slice(prefix.length).split('/')[0];
      else if ((groups.get(current) ?? []).some((x) => x.instancePath === e.instancePath && x.schemaPath === e.schemaPath)) current = `ref${++fresh}`;
      groups.set(current, [...(groups.get(current) ?? []), e]);
      drop.add(e);
    }
    drop.add(alt);
    const names = all.filter((e) => e.instancePath === alt.instancePath && (e.keyword === 'propertyNames' || e.propertyName !== undefined));
    for (const e of names) drop.add(e);
    const score = (es: CompiledSchemaError[]) =>
      es.reduce((s, e) => s + (e.instancePath === alt.instancePath && ['required', 'additionalProperties', 'type'].includes(e.keyword) ? 100 : 1), 0);
    let best: CompiledSchemaError[] | null = null;
    for (const es of groups.values()) if (!best || score(es) < score(best)) best = es;
    if (!names.length && best && score(best) < 100) keep.push(...best);
    // No branch fits as a whole, but a value inside does not (e.g. `keepHighest: d7`, whose
    // branch only fails in the $ref'd die schema): that value is the thing to report.
    else if (!names.length && deeper.length) keep.push(...deeper);
    else summaries.push(names.find((e) => e.keyword === 'propertyNames') ?? alt);
  }
  const seen = new Set<string>();
  const out = [...all.filter((e) => !drop.has(e)), ...keep].filter((e) => {
    const k = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  // A value of the wrong type (`- 5` where an effect mapping belongs) is already said by its
  // own `type` error; the failed alternatives would only repeat it.
  const typed = new Set(out.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  return { errors: out, summaries: summaries.filter((e) => !typed.has(e.instancePath)) };
}

/** Schema diagnostics of one document, mapped to YAML positions and rewritten for people. */
export function checkSchema(kind: DocKind, data: Record<string, unknown>, file: string, doc: Document, lc: LineCounter): Diagnostic[] {
  const validate = validators[kind];
  if (!validate || validate(data)) return [];
  const { errors, summaries } = simplifyErrors(validate.errors ?? []);
  const out: Diagnostic[] = [];
  for (const e of errors) {
    const path = toSegments(data, e.instancePath);
    const x = explainError(kind, data, path, e);
    const span =
      e.keyword === 'required'
        ? missingSpan(doc, path)
        : e.keyword === 'additionalProperties'
          ? keySpan(doc, [...path, String(e.params.additionalProperty)])
          : valueSpan(doc, path);
    out.push(diagAt(file, lc, span, 'error', x.code, x.message));
  }
  for (const e of summaries) {
    const path = toSegments(data, e.instancePath);
    const x = explainOneOf(kind, data, path, e);
    const span = x.key ? keySpan(doc, [...path, x.key]) : x.atValue ? valueSpan(doc, path) : missingSpan(doc, path);
    out.push(diagAt(file, lc, span, 'error', 'schema', x.message));
  }
  return out;
}
