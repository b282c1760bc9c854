import type { DocKind } from '../../../shared/model/types';
import type { WorkspaceStore } from './workspace-store';

/** Default folder of each kind for new documents. */
export const KIND_FOLDERS: Record<DocKind, string> = {
  workspace: '',
  crew: 'crews',
  crewType: 'crew-types',
  abilities: 'abilities',
  equipment: 'equipment',
  scenario: 'scenarios',
  ruleset: 'rulesets',
  campaign: 'campaigns',
};

/**
 * Checks a new file's path: relative, `/`-separated, no `..`, ending in .yaml or .yml.
 * Returns a message naming the fix, or null when acceptable.
 */
export function checkNewPath(path: string, existing: ReadonlySet<string>): string | null {
  const p = path.trim();
  if (p === '') return 'Type a file name such as crews/my-crew.yaml.';
  if (p.startsWith('/') || /^[a-zA-Z]:/.test(p) || p.includes('\\'))
    return `'${p}' must be a path inside the workspace, with / separators (e.g. crews/my-crew.yaml).`;
  if (p.split('/').some((s) => s === '..' || s === '.' || s === ''))
    return `'${p}' may not contain empty, '.' or '..' parts; use e.g. crews/my-crew.yaml.`;
  if (!/\.ya?ml$/i.test(p)) return `'${p}' must end in .yaml or .yml.`;
  if (existing.has(p)) return `'${p}' already exists; choose another name.`;
  return null;
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

/** A template with its top-level `id:` replaced by the one the file name suggests. */
export function fillTemplate(text: string, path: string): string {
  return text.replace(/^id:[^\n]*$/m, `id: ${idFromPath(path)}`);
}

/**
 * Creates a document from a template (never overwriting: `expectedHash: null`) and opens it.
 * Returns an error message, or null on success.
 */
export async function createDocument(store: WorkspaceStore, path: string, template: string): Promise<string | null> {
  const p = path.trim();
  const problem = checkNewPath(p, new Set([...store.disk.keys(), ...store.state.tabs.map((t) => t.path)]));
  if (problem) return problem;
  const text = fillTemplate(template, p);
  const r = await store.api.writeFile(p, text, { expectedHash: null });
  if (!r.ok) {
    return r.error.code === 'file/conflict' ? `'${p}' already exists; choose another name.` : r.error.message;
  }
  store.disk.set(p, { text, hash: r.value.hash });
  store.validateNow(p);
  await store.refreshDocuments();
  await store.open(p);
  store.status(`Created ${p}`);
  return null;
}
