import { emptyWorkspaceModel } from '../model/workspace';
import type { WorkspaceModel } from '../model/workspace';
import type { AnyDoc } from '../model/types';
import type { DefKey } from './cross/context';
import { asArr, asObj, asStr } from './cross/context';
import type { LoadedDocument } from './load-yaml';

/** The path of the workspace manifest, relative to the root. */
export const MANIFEST_PATH = 'mortisphere.yaml';

/** Definition keys a loaded document provides, in order, with their index in the file. */
export function definedKeys(doc: LoadedDocument): DefKey[] {
  const d = doc.data;
  if (!d || !doc.kind) return [];
  const id = asStr(d.id);
  switch (doc.kind) {
    case 'workspace':
      return doc.path === MANIFEST_PATH ? ['workspace'] : [];
    case 'abilities':
      return asArr(d.abilities).map((a) => asStr(asObj(a).id)).filter((x): x is string => x !== null).map((x) => `ability:${x}` as DefKey);
    case 'equipment':
      return asArr(d.items).map((a) => asStr(asObj(a).id)).filter((x): x is string => x !== null).map((x) => `equipment:${x}` as DefKey);
    default:
      return id === null ? [] : [`${doc.kind}:${id}` as DefKey];
  }
}

/** A model plus, per definition key, every place defining it (in path order). */
export interface ModelIndex {
  model: WorkspaceModel;
  definers: Map<DefKey, { path: string; index: number }[]>;
  /** Ids of documents that exist but could not be used (syntax errors, newer version), by key. */
  unusable: Map<DefKey, string>;
}

/**
 * Builds the WorkspaceModel from loaded documents without re-parsing anything. When an id is
 * defined twice the first file in path order wins (the other gets `duplicate-id`).
 */
export function buildModelIndex(docs: Iterable<LoadedDocument>): ModelIndex {
  const model = emptyWorkspaceModel();
  const definers = new Map<DefKey, { path: string; index: number }[]>();
  const unusable = new Map<DefKey, string>();
  const sorted = [...docs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const doc of sorted) {
    const d = doc.data;
    // A document that failed to load (or whose `kind` is mistyped) still names its id, so
    // references to it do not cascade into `unknown-ref` errors.
    const kind = doc.kind ?? doc.probableKind;
    if (!d && kind && doc.id && !['workspace', 'abilities', 'equipment'].includes(kind)) unusable.set(`${kind}:${doc.id}` as DefKey, doc.path);
    if (!d || !doc.kind) continue;
    const keys = definedKeys(doc);
    keys.forEach((key, index) => {
      const list = definers.get(key);
      if (list) list.push({ path: doc.path, index });
      else definers.set(key, [{ path: doc.path, index }]);
      if (!list) model.pathOf.set(key, doc.path);
    });
    const first = (key: DefKey) => definers.get(key)?.[0]?.path === doc.path;
    const id = asStr(d.id) ?? '';
    const typed = d as unknown as AnyDoc;
    switch (typed.kind) {
      case 'workspace':
        if (doc.path === MANIFEST_PATH) model.workspace = typed;
        break;
      case 'crew':
        if (first(`crew:${id}`)) model.crews.set(id, typed);
        break;
      case 'crewType':
        if (first(`crewType:${id}`)) model.crewTypes.set(id, typed);
        break;
      case 'scenario':
        if (first(`scenario:${id}`)) model.scenarios.set(id, typed);
        break;
      case 'ruleset':
        if (first(`ruleset:${id}`)) model.rulesets.set(id, typed);
        break;
      case 'campaign':
        if (first(`campaign:${id}`)) model.campaigns.set(id, typed);
        break;
      case 'abilities':
        for (const a of asArr(typed.abilities)) {
          const aid = asStr(asObj(a).id);
          if (aid !== null && !model.abilities.has(aid)) model.abilities.set(aid, a as never);
        }
        break;
      case 'equipment':
        for (const it of asArr(typed.items)) {
          const iid = asStr(asObj(it).id);
          if (iid !== null && !model.equipment.has(iid)) model.equipment.set(iid, it as never);
        }
        break;
    }
  }
  return { model, definers, unusable };
}
