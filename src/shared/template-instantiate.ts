/**
 * A template made ready for the workspace it joins (issue 14): its ids unique there, so a new
 * document validates clean at creation. Pure (CST edits keep comments and layout).
 */
import { parseForEdit, setIn } from './doc-edit';
import { asArray, asRecord } from './model/read';
import type { DocKind } from './model/types';
import { idFromPath, uniqueId } from './templates';

/** Ids already used in the workspace, per definition kind (`crew`, `ability`, `equipment`…). */
export type TakenIds = (kind: 'crew' | 'crewType' | 'scenario' | 'ruleset' | 'campaign' | 'ability' | 'equipment') => ReadonlySet<string>;

/**
 * A template made ready for `path`: its top-level `id` becomes the one the file name suggests
 * (or `id` when given), made unique among the ids of its kind; in a library, every item id
 * already taken gets a suffix. Comments and layout are kept; a template that does not parse is
 * returned as it is.
 */
export function instantiateTemplate(text: string, path: string, taken: TakenIds, id?: string): string {
  const parsed = parseForEdit(text);
  if (!parsed.ok) return text;
  const data = asRecord(parsed.data);
  const kind = data.kind as DocKind;
  let out = text;
  const set = (p: (string | number)[], v: string): void => {
    const r = setIn(out, p, v);
    if (r.ok) out = r.value;
  };
  if (kind === 'abilities' || kind === 'equipment') {
    const list = kind === 'abilities' ? 'abilities' : 'items';
    const used = new Set(taken(kind === 'abilities' ? 'ability' : 'equipment'));
    asArray(data[list]).forEach((item, i) => {
      const own = asRecord(item).id;
      if (typeof own !== 'string') return;
      const wanted = i === 0 && id ? id : own;
      const next = uniqueId(wanted, used);
      used.add(next);
      if (next !== own) set([list, i, 'id'], next);
    });
    return out;
  }
  if (kind === 'crew' || kind === 'crewType' || kind === 'scenario' || kind === 'ruleset' || kind === 'campaign') {
    set(['id'], uniqueId(id ?? idFromPath(path), taken(kind)));
  }
  return out;
}
