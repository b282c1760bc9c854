/**
 * A field drawn from the JSON Schema: its title, one-line description and default come from
 * `schemas/`, and its control from the schema type (enum → select, boolean, number, text).
 */
import type { DocPath } from '../../../shared/doc-edit';
import { schemaAt } from '../../../shared/model/schemas';
import type { SchemaName } from '../../../shared/model/schemas';
import type { FormApi } from './form-api';
import { NumberField, SelectField, TextField } from './fields';

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The first sentence of a description, for a one-line explanation. */
export const firstSentence = (text: string | undefined): string => {
  if (!text) return '';
  const m = /^(.+?[.!?])(\s|$)/.exec(text);
  return m ? m[1] : text;
};

/**
 * The field of the schema node at `schemaPath` (of document `kind`, `variant` for kind-keyed
 * objects), editing `path`. Unset means "inherit the default": the control offers it as "(default …)".
 */
export function SchemaField({ form, kind, schemaPath, path, label, variant, full }: { form: FormApi; kind: SchemaName; schemaPath: readonly (string | number)[]; path: DocPath; label?: string; variant?: string; full?: boolean }) {
  const s = schemaAt(kind, schemaPath, variant);
  const name = label ?? s?.title ?? String(path[path.length - 1]);
  const def = s?.default;
  const explain = (full ? s?.description : firstSentence(s?.description)) ?? '';
  const hint = def === undefined ? explain : `${explain} Default: ${show(def)}.`;
  const noneLabel = def === undefined ? '(not set)' : `(default: ${show(def)})`;
  const enumValues = Array.isArray(s?.enum) ? (s.enum as unknown[]) : null;
  if (enumValues) {
    return <SelectField form={form} path={path} label={name} hint={hint} optional noneLabel={noneLabel} choices={enumValues.map((v) => ({ value: String(v) }))} toValue={(v) => (enumValues.includes(Number(v)) ? Number(v) : v)} />;
  }
  if (s?.type === 'boolean') {
    return <SelectField form={form} path={path} label={name} hint={hint} optional noneLabel={noneLabel} choices={[{ value: 'true', label: 'yes' }, { value: 'false', label: 'no' }]} toValue={(v) => v === 'true'} />;
  }
  const types = Array.isArray(s?.type) ? (s.type as string[]) : [s?.type];
  if (types.includes('integer') || types.includes('number')) {
    const min = typeof s?.minimum === 'number' ? s.minimum : undefined;
    const max = typeof s?.maximum === 'number' ? s.maximum : undefined;
    return <NumberField form={form} path={path} label={name} hint={hint} optional nullable={types.includes('null')} min={min} max={max} />;
  }
  return <TextField form={form} path={path} label={name} hint={hint} optional />;
}
