/**
 * Which documents a document uses and which use it (the inspector, issue 17 item 3), read from
 * the workspace model the validator already sent: no parse, a walk over the model's maps, so it
 * can follow every validation answer while the user types.
 */
import type { WorkspaceModel } from '../../../shared/model/workspace';

/** A document (or library entry) named by another: its model key (`crew:iron-choir`) and file. */
export interface DocLink {
  key: string;
  kind: string;
  id: string;
  path: string;
  /** Its `name` field, null when it has none (then it is shown by its id, or its file). */
  name: string | null;
}

/** What one document uses and what uses it, each sorted by kind then id. */
export interface DocLinks {
  /** The model keys the file defines (one for most documents, one per entry for a library). */
  keys: string[];
  uses: DocLink[];
  usedBy: DocLink[];
}

/** Every `from → to` edge between defined keys of the model. */
function edges(model: WorkspaceModel): [string, string][] {
  const out: [string, string][] = [];
  const add = (from: string, to: string | null | undefined): void => {
    if (to) out.push([from, to]);
  };
  for (const [id, crew] of model.crews) {
    for (const m of crew.members ?? []) {
      add(`crew:${id}`, `crewType:${m.type}`);
      for (const a of m.abilities ?? []) add(`crew:${id}`, `ability:${a}`);
      for (const e of m.equipment ?? []) add(`crew:${id}`, `equipment:${e}`);
    }
  }
  for (const [id, t] of model.crewTypes) for (const a of t.abilities ?? []) add(`crewType:${id}`, `ability:${a}`);
  for (const [id, s] of model.scenarios) {
    for (const side of s.sides ?? []) add(`scenario:${id}`, side.crew ? `crew:${side.crew}` : null);
    add(`scenario:${id}`, s.ruleset ? `ruleset:${s.ruleset}` : null);
  }
  for (const [id, r] of model.rulesets) add(`ruleset:${id}`, r.extends ? `ruleset:${r.extends}` : null);
  for (const [id, c] of model.campaigns) {
    for (const crew of c.crews ?? []) add(`campaign:${id}`, `crew:${crew}`);
    for (const s of c.scenarios ?? []) add(`campaign:${id}`, `scenario:${s}`);
  }
  if (model.workspace?.ruleset) add('workspace', `ruleset:${model.workspace.ruleset}`);
  return out;
}

/** The model entry of a `kind:id` key (the manifest for `workspace`), or undefined. */
function entryOf(model: WorkspaceModel, kind: string, id: string): { name?: unknown } | null | undefined {
  switch (kind) {
    case 'workspace':
      return model.workspace;
    case 'crew':
      return model.crews.get(id);
    case 'crewType':
      return model.crewTypes.get(id);
    case 'ability':
      return model.abilities.get(id);
    case 'equipment':
      return model.equipment.get(id);
    case 'scenario':
      return model.scenarios.get(id);
    case 'ruleset':
      return model.rulesets.get(id);
    case 'campaign':
      return model.campaigns.get(id);
    default:
      return undefined;
  }
}

function link(model: WorkspaceModel, key: string): DocLink | null {
  const path = model.pathOf.get(key);
  if (!path) return null;
  const colon = key.indexOf(':');
  const [kind, id] = colon < 0 ? [key, ''] : [key.slice(0, colon), key.slice(colon + 1)];
  const name = entryOf(model, kind, id)?.name;
  return { key, kind, id, path, name: typeof name === 'string' && name.trim() !== '' ? name : null };
}

/** How the inspector shows a link: its name, else its id, else its file. */
export function linkLabel(l: DocLink): string {
  return l.name ?? (l.id || l.path);
}

const byKey = (a: DocLink, b: DocLink): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** The links of the document in `path` (empty when the model does not know it). */
export function docLinks(model: WorkspaceModel | null, path: string): DocLinks {
  if (!model) return { keys: [], uses: [], usedBy: [] };
  const keys = [...model.pathOf].filter(([, p]) => p === path).map(([k]) => k);
  const mine = new Set(keys);
  const uses = new Map<string, DocLink>();
  const usedBy = new Map<string, DocLink>();
  for (const [from, to] of edges(model)) {
    if (mine.has(from) && !mine.has(to) && !uses.has(to)) {
      const l = link(model, to);
      if (l) uses.set(to, l);
    }
    if (mine.has(to) && !mine.has(from) && !usedBy.has(from)) {
      const l = link(model, from);
      if (l) usedBy.set(from, l);
    }
  }
  return { keys, uses: [...uses.values()].sort(byKey), usedBy: [...usedBy.values()].sort(byKey) };
}
