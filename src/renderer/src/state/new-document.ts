import type { WorkspaceModel } from '../../../shared/model/workspace';
import type { TakenIds } from '../../../shared/template-instantiate';
import type { WorkspaceStore } from './workspace-store';

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

/** Ids the workspace already uses, per kind, from the validator's model (no parsing here). */
export function takenIds(model: WorkspaceModel | null): TakenIds {
  return (kind) => {
    if (!model) return new Set();
    const maps = { crew: model.crews, crewType: model.crewTypes, scenario: model.scenarios, ruleset: model.rulesets, campaign: model.campaigns, ability: model.abilities, equipment: model.equipment };
    return new Set(maps[kind].keys());
  };
}

/**
 * Creates a document from a template (never overwriting: `expectedHash: null`), its ids made
 * unique in the workspace (`id` names the top-level id, else the file name does), and opens it
 * in Form view. Returns an error message, or null on success.
 */
export async function createDocument(store: WorkspaceStore, path: string, template: string, id?: string): Promise<string | null> {
  const p = path.trim();
  const problem = checkNewPath(p, new Set([...store.disk.keys(), ...store.state.tabs.map((t) => t.path)]));
  if (problem) return problem;
  // The CST editor is loaded here, not with the shell (issue 15).
  const { instantiateTemplate } = await import('../../../shared/template-instantiate');
  const text = instantiateTemplate(template, p, takenIds(store.state.model), id);
  const r = await store.api.writeFile(p, text, { expectedHash: null });
  if (!r.ok) {
    return r.error.code === 'file/conflict' ? `'${p}' already exists; choose another name.` : r.error.message;
  }
  store.disk.set(p, { text, hash: r.value.hash });
  store.validateNow(p);
  await store.refreshDocuments();
  await store.open(p);
  store.patchTab(p, { view: 'form' });
  store.status(`Created ${p}`);
  return null;
}
