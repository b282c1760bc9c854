import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { AnyDoc } from '../../../src/shared/model/types';
import { LanguageIndex } from '../../../src/shared/language/language-index';
import { instantiateTemplate } from '../../../src/shared/template-instantiate';
import { suggestFolder } from '../../../src/shared/templates';
import type { TakenIds } from '../../../src/shared/template-instantiate';
import { validateFiles } from '../../../src/shared/validation';
import { KIND_TEMPLATES, RESOURCES, TEMPLATE_WORKSPACE_DIR, parseWorkspace, readWorkspaceFiles } from './workspace-files';

const starter = readWorkspaceFiles(TEMPLATE_WORKSPACE_DIR);
const ws = parseWorkspace(starter);
const template = (name: string) => readFileSync(join(RESOURCES, 'templates', name), 'utf8');
/** Where the editor's "New document" might put a template: any folder of the workspace works. */
const asNewFile = (name: string) => ({ path: `new/${name}`, text: template(name) });
const problems = (files: { path: string; text: string }[]) =>
  validateFiles(files).diagnostics.filter((d) => d.severity !== 'info');

describe('starter workspace resources/templates/workspace', () => {
  it('validates with no error and no warning', () => {
    expect(problems(starter)).toEqual([]);
  });
  it('holds a manifest, one crew, one scenario, an abilities and an equipment library', () => {
    expect(ws.workspace).toHaveLength(1);
    expect(ws.crews).toHaveLength(1);
    expect(ws.scenarios).toHaveLength(1);
    expect(ws.abilities).toHaveLength(1);
    expect(ws.equipment).toHaveLength(1);
    expect(ws.workspace[0].ruleset).toBe('core');
  });
  it('tells the user what to edit next in comments', () => {
    const manifest = starter.find((f) => f.path === 'mortisphere.yaml')?.text ?? '';
    expect(manifest).toMatch(/#.*Next steps/);
    for (const f of starter) expect(f.text, f.path).toMatch(/^#/);
  });
  it('has a crew with exactly one Captain that fits the scenario limit', () => {
    const crew = ws.crews[0];
    expect(crew.members.filter((m) => m.captain === true)).toHaveLength(1);
    const scenario = ws.scenarios[0];
    expect(scenario.sides.every((s) => s.crew === crew.id)).toBe(true);
  });
});

describe('per-kind templates resources/templates/*.yaml', () => {
  it.each(KIND_TEMPLATES)('%s has the kind its name says and a `new-` placeholder id', (name) => {
    const doc = parse(template(name)) as AnyDoc;
    expect(doc.kind).toBe(name.replace(/\.yaml$/, ''));
    expect(doc.schemaVersion).toBe(1);
    if ('id' in doc) expect(doc.id).toMatch(/^new-[a-z0-9-]+$/);
    if (doc.kind === 'abilities') expect(doc.abilities.every((a) => a.id.startsWith('new-'))).toBe(true);
    if (doc.kind === 'equipment') expect(doc.items.every((i) => i.id.startsWith('new-'))).toBe(true);
  });
  it.each(KIND_TEMPLATES)('%s validates inside the starter workspace with no error and no warning', (name) => {
    expect(problems([...starter, asNewFile(name)])).toEqual([]);
  });
  it('all templates together validate inside the starter workspace (no id clashes)', () => {
    expect(problems([...starter, ...KIND_TEMPLATES.map(asNewFile)])).toEqual([]);
  });
  it('a template whose ref is missing is reported (the checks above can fail)', () => {
    const crew = { path: 'new/crew.yaml', text: template('crew.yaml').replace('abilities: []', 'abilities: [no-such-ability]') };
    expect(problems([...starter, crew]).map((d) => d.code)).toContain('unknown-ref');
  });
});

/** Ids of a workspace by kind, as the editor's "New document" sees them. */
function takenIn(files: { path: string; text: string }[]): TakenIds {
  const index = new LanguageIndex();
  index.sync(Object.fromEntries(files.map((f) => [f.path, f.text])));
  return (kind) => new Set(index.definedSymbols().filter((o) => o.symbol.kind === kind).map((o) => o.symbol.id));
}

describe('issue 14: every New document template validates clean where it is created', () => {
  const example = readWorkspaceFiles(join(RESOURCES, 'examples/ashen-reach'));
  const workspaces = { 'a new workspace': starter, 'the example': example };
  for (const [where, files] of Object.entries(workspaces)) {
    it.each(KIND_TEMPLATES)(`%s, created twice in ${where}, gives no error and no warning`, (name) => {
      const kind = (parse(template(name)) as AnyDoc).kind;
      const folder = suggestFolder(kind, files.map((f) => ({ path: f.path, kind: (parse(f.text) as AnyDoc).kind })));
      const first = { path: `${folder}/new-${kind.toLowerCase()}.yaml`, text: '' };
      first.text = instantiateTemplate(template(name), first.path, takenIn(files));
      const second = { path: `${folder}/second.yaml`, text: '' };
      second.text = instantiateTemplate(template(name), second.path, takenIn([...files, first]));
      expect(problems([...files, first, second])).toEqual([]);
    });
  }
  it('the suggested folder follows the workspace layout (crew types in types/ in the example)', () => {
    const kinds = (files: { path: string; text: string }[]) => files.map((f) => ({ path: f.path, kind: (parse(f.text) as AnyDoc).kind }));
    expect(suggestFolder('crewType', kinds(example))).toBe('types');
    expect(suggestFolder('abilities', kinds(example))).toBe('libraries');
    expect(suggestFolder('ruleset', kinds(starter))).toBe('rulesets');
    expect(suggestFolder('equipment', kinds([{ path: 'libs/a.yaml', text: 'kind: abilities' }]))).toBe('libs');
  });
  it('a taken id gets a suffix; comments stay', () => {
    const text = instantiateTemplate(template('crew.yaml'), 'crews/iron-choir.yaml', () => new Set(['iron-choir']));
    expect(text).toMatch(/^id: iron-choir-2$/m);
    expect(text.split('\n')[0]).toBe(template('crew.yaml').split('\n')[0]);
  });
});
