/** The fields of each objective kind (R9.1–R9.3) and switching an objective between kinds. */
import { asRecord } from './data';
import type { FormEdit } from './form-api';

/** Fields each objective kind may have beyond the common ones. */
export const KIND_FIELDS: Readonly<Record<string, readonly string[]>> = {
  interact: ['progress', 'repeatable', 'whenContested', 'difficulty', 'resetOnDamage'],
  reach: ['once'],
  control: ['by'],
  eliminate: ['member', 'any'],
  protect: ['member'],
  survive: ['count'],
};

/** Edits that switch objective `index` to `kind`, dropping the fields the new kind does not have. */
export function switchKindEdits(objective: unknown, index: number, kind: string): FormEdit[] {
  const allowed = new Set(KIND_FIELDS[kind] ?? []);
  const stale = Object.keys(asRecord(objective)).filter((k) => Object.values(KIND_FIELDS).some((f) => f.includes(k)) && !allowed.has(k));
  return [...stale.map((k) => ({ op: 'delete' as const, path: ['objectives', index, k] })), { op: 'set', path: ['objectives', index, 'kind'], value: kind }];
}
