import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceValidator, validateFiles } from '../../../../src/shared/validation';

const base = join(__dirname, '..', '..', '..', 'fixtures', 'broken', 'valid-workspace');
function readTree(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.yaml')) out.push({ path: relative(dir, p).split(sep).join('/'), text: readFileSync(p, 'utf8') });
    }
  };
  walk(dir);
  return out;
}
const files = readTree(base);
const text = (p: string) => files.find((f) => f.path === p)!.text;
const loaded = () => {
  const v = new WorkspaceValidator();
  for (const f of files) v.setFile(f.path, f.text);
  return v;
};

describe('WorkspaceValidator', () => {
  it('validates the base workspace cleanly and builds the model', () => {
    const { diagnostics, model } = validateFiles(files);
    expect(diagnostics).toEqual([]);
    expect([...model.crews.keys()].sort()).toEqual(['iron-choir', 'rot-saints']);
    expect(model.scenarios.get('foundry')?.areas.map((a) => a.id)).toEqual(['floor', 'gate']);
    expect(model.abilities.get('steady-aim')?.name).toBe('Steady Aim');
    expect(model.equipment.get('rust-cannon')?.cost).toBe(2);
    expect(model.workspace?.name).toBe('Fixture Reach');
    expect(model.pathOf.get('crew:iron-choir')).toBe('crews/iron-choir.yaml');
    expect(model.pathOf.get('ability:steady-aim')).toBe('libraries/abilities.yaml');
  });

  it('setFile re-parses only the changed file', () => {
    const v = loaded();
    v.diagnostics();
    expect(v.stats.parses).toBe(files.length);
    v.setFile('crews/rot-saints.yaml', text('crews/rot-saints.yaml').replace('name: The Rot Saints', 'name: Saints'));
    v.diagnostics();
    expect(v.stats.parses).toBe(files.length + 1);
    v.setFile('crews/rot-saints.yaml', text('crews/rot-saints.yaml').replace('name: The Rot Saints', 'name: Saints'));
    expect(v.stats.parses).toBe(files.length + 1);
  });

  it('re-checks only documents that depend on the change', () => {
    const v = loaded();
    v.diagnostics();
    const before = v.stats.crossChecks;
    // The scenario reads crew rot-saints; nothing reads the abilities library but iron-choir.
    v.setFile('crews/rot-saints.yaml', text('crews/rot-saints.yaml').replace('die: d4', 'die: d6'));
    v.diagnostics();
    expect(v.stats.crossChecks - before).toBe(2);
  });

  it('a new reference error appears and disappears as the referenced file changes', () => {
    const v = loaded();
    v.setFile('crews/rot-saints.yaml', text('crews/rot-saints.yaml').replace('id: rot-saints', 'id: rot-sinners'));
    expect(v.diagnosticsFor('scenarios/foundry.yaml')).toEqual([
      expect.objectContaining({ code: 'unknown-ref', line: 10, column: 49, message: expect.stringContaining("unknown crew 'rot-saints'") }),
    ]);
    v.setFile('crews/rot-saints.yaml', text('crews/rot-saints.yaml'));
    expect(v.diagnostics()).toEqual([]);
  });

  it('removeFile re-checks dependents and drops the file', () => {
    const v = loaded();
    v.removeFile('libraries/abilities.yaml');
    expect(v.document('libraries/abilities.yaml')).toBeUndefined();
    expect(v.diagnostics().map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['crews/iron-choir.yaml:12:17 unknown-ref']);
    expect(v.model().abilities.size).toBe(0);
  });

  it('duplicate ids follow edits in either file', () => {
    const v = loaded();
    v.setFile('crews/copy.yaml', text('crews/iron-choir.yaml'));
    expect(v.diagnostics().map((d) => `${d.file} ${d.code}`)).toEqual(['crews/iron-choir.yaml duplicate-id']);
    v.setFile('crews/copy.yaml', text('crews/iron-choir.yaml').replace('id: iron-choir', 'id: tin-choir'));
    expect(v.diagnostics()).toEqual([]);
  });

  it('keeps the yaml Document and positions for later edits', () => {
    const v = loaded();
    const doc = v.document('crews/iron-choir.yaml')!;
    expect(doc.kind).toBe('crew');
    expect(doc.id).toBe('iron-choir');
    expect(doc.document?.getIn(['members', 0, 'die'])).toBe('d10');
    expect(doc.lineCounter.linePos(0)).toEqual({ line: 1, col: 1 });
  });

  it('diagnostics are sorted by file, line and column', () => {
    const v = loaded();
    v.setFile('b.yaml', 'kind: nope\n');
    v.setFile('a.yaml', 'x: [1\ny: 2');
    const ds = v.diagnostics();
    const keys = ds.map((d) => [d.file, d.line, d.column] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]));
    expect(keys).toEqual(sorted);
    expect(ds[0].file).toBe('a.yaml');
  });

  it('a file with a syntax error does not make references to it unknown; fixing it re-checks them', () => {
    const v = loaded();
    v.setFile('crews/rot-saints.yaml', text('crews/rot-saints.yaml').replace('name: Ash Mother', 'name: [Ash Mother'));
    expect(v.diagnostics().map((d) => `${d.file} ${d.code}`)).toEqual(['crews/rot-saints.yaml yaml-syntax']);
    expect(v.model().crews.has('rot-saints')).toBe(false);
    v.setFile('crews/rot-saints.yaml', text('crews/rot-saints.yaml').replace('id: ash-mother', 'id: ash-mum'));
    expect(v.diagnostics()).toEqual([]);
    v.setFile('scenarios/foundry.yaml', text('scenarios/foundry.yaml').replace('crew: rot-saints}', 'crew: rot-saints, deployMembers: {ash-mother: gate}}'));
    expect(v.diagnostics().map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['scenarios/foundry.yaml:10:77 unknown-ref']);
  });
});
