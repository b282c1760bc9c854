/**
 * The quick fix "create it from the template" (issue 14): an unknown crew, crew type, scenario,
 * ruleset or campaign becomes a new document from its template, with that id, in the folder the
 * workspace keeps that kind in, opened in Form view. An unknown ability or item is added to the
 * first library of its kind (an unsaved, undoable edit of that library), or to a new library.
 */
import { insertIn, parseForEdit } from '../../../shared/doc-edit';
import type { EditValue } from '../../../shared/doc-edit';
import { asArray, asRecord } from '../../../shared/model/read';
import type { DocKind } from '../../../shared/model/types';
import { suggestFolder } from '../../../shared/templates';
import { checkNewPath, createDocument } from './new-document';
import type { WorkspaceStore } from './workspace-store';

const DOC_OF: Record<string, DocKind> = { crew: 'crew', crewType: 'crewType', scenario: 'scenario', ruleset: 'ruleset', campaign: 'campaign', ability: 'abilities', equipment: 'equipment' };

/** Creates the missing thing `id` of symbol kind `kind`; reports problems in the status bar. */
export async function createFromTemplate(store: WorkspaceStore, kind: string, id: string): Promise<void> {
  const docKind = DOC_OF[kind];
  if (!docKind) return;
  const templates = await store.api.listTemplates();
  const template = templates.ok ? templates.value.find((t) => t.kind === docKind) : undefined;
  if (!template) return store.status(`There is no template for a ${docKind}; create it by hand with id '${id}'.`, true);
  const docs = store.getState().documents;
  if (docKind === 'abilities' || docKind === 'equipment') {
    const library = docs.filter((d) => d.kind === docKind).sort((a, b) => a.path.localeCompare(b.path))[0];
    if (library) return addToLibrary(store, library.path, docKind, template.text, id);
  }
  const folder = suggestFolder(docKind, docs);
  const taken = new Set([...store.disk.keys(), ...store.getState().tabs.map((t) => t.path)]);
  let path = `${folder ? `${folder}/` : ''}${id}.yaml`;
  for (let n = 2; checkNewPath(path, taken) !== null && n < 100; n++) path = `${folder ? `${folder}/` : ''}${id}-${n}.yaml`;
  const problem = await createDocument(store, path, template.text, id);
  if (problem) store.status(problem, true);
}

async function addToLibrary(store: WorkspaceStore, path: string, kind: 'abilities' | 'equipment', template: string, id: string): Promise<void> {
  const list = kind === 'abilities' ? 'abilities' : 'items';
  const t = parseForEdit(template);
  const item = t.ok ? asRecord(asArray(asRecord(t.data)[list])[0]) : {};
  if (!(await store.open(path))) return;
  const text = store.tab(path)!.text;
  const parsed = parseForEdit(text);
  const index = parsed.ok ? asArray(asRecord(parsed.data)[list]).length : 0;
  const r = insertIn(text, [list], index, { ...(item as Record<string, EditValue>), id });
  if (!r.ok) return store.status(`Could not add '${id}' to ${path}: ${r.error.message}`, true);
  store.applyText(path, r.value);
  const line = r.value.slice(0, r.value.indexOf(`id: ${id}`)).split('\n').length;
  store.status(`Added ${kind === 'abilities' ? 'ability' : 'item'} '${id}' to ${path}; fill it in and save.`);
  await store.openLocation(path, line, 1);
}
