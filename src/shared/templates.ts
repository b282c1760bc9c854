/**
 * New documents from templates (issue 14): the template's ids made unique in the workspace it
 * joins (so it validates clean there), and the folder it goes in suggested from where the
 * workspace already keeps documents of that kind. Pure.
 */
import { parseForEdit, setIn } from './doc-edit';
import { asArray, asRecord } from './model/read';
import type { DocKind } from './model/types';

/** Default folder of each kind, for a workspace that has no document of that kind yet. */
export const KIND_FOLDERS: Record<DocKind, string> = {
  workspace: '',
  crew: 'crews',
  crewType: 'types',
  abilities: 'libraries',
  equipment: 'libraries',
  scenario: 'scenarios',
  ruleset: 'rulesets',
  campaign: 'campaigns',
};

/** The kinds whose documents sit together (abilities and equipment are both libraries). */
const SIBLINGS: Partial<Record<DocKind, DocKind>> = { abilities: 'equipment', equipment: 'abilities' };

const folderOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * The folder for a new document of `kind`: the folder most documents of that kind are in
 * (ties: the first in path order), else where its sibling kind is kept, else the default.
 */
export function suggestFolder(kind: DocKind, documents: readonly { path: string; kind: string | null }[]): string {
  const pick = (k: DocKind): string | null => {
    const counts = new Map<string, number>();
    for (const d of [...documents].sort((a, b) => a.path.localeCompare(b.path))) {
      if (d.kind === k) counts.set(folderOf(d.path), (counts.get(folderOf(d.path)) ?? 0) + 1);
    }
    let best: string | null = null;
    for (const [f, n] of counts) if (best === null || n > counts.get(best)!) best = f;
    return best;
  };
  const sibling = SIBLINGS[kind];
  return pick(kind) ?? (sibling ? pick(sibling) : null) ?? KIND_FOLDERS[kind];
}

/** The id a file name suggests: its base name in lowercase kebab-case. */
export function idFromPath(path: string): string {
  const base = (path.split('/').pop() ?? path).replace(/\.ya?ml$/i, '');
  const id = base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'new-document';
}

/** `base`, or `base-2`, `base-3`… — the first not in `taken`. */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

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
