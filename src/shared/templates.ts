/**
 * New documents (issue 14): the folder a new document goes in, suggested from where the
 * workspace already keeps documents of that kind, and the id a file name suggests. Pure; the
 * template itself is adapted by `template-instantiate.ts`.
 */
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
