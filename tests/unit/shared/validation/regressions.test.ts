import { describe, expect, it } from 'vitest';
import { loadYaml, validateFiles } from '../../../../src/shared/validation';
import { oneLine } from '../../../../src/shared/validation/positions';

const at = (text: string) => loadYaml('x.yaml', text).diagnostics.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.code}`);

describe('acceptance-review regressions of the loader and messages', () => {
  it('a UTF-8 BOM does not shift line-1 columns (editors do not show it)', () => {
    expect(at('\ufeffkind: crw\nschemaVersion: 1\n')).toEqual(['1:7-1:10 unknown-kind']);
    expect(at('kind: crw\nschemaVersion: 1\n')).toEqual(['1:7-1:10 unknown-kind']);
    // later lines were never affected
    expect(at('\ufeffkind: crew\nschemaVersion: 7\n')).toEqual(['2:16-2:17 schema-version']);
  });

  it('CRLF line endings give the same positions as LF', () => {
    const lf = 'kind: crew\nschemaVersion: 1\nid: t\nname: T\nmembers:\n  - {id: x, name: X, type: survivor, die: d7, health: 1, captain: true}\n';
    expect(at(lf.replace(/\n/g, '\r\n'))).toEqual(at(lf));
    expect(at(lf)).toEqual(['6:43-6:45 schema']);
  });

  it('a line break or control character from a user value never splits a message', () => {
    const d = loadYaml('x.yaml', 'kind: crew\nschemaVersion: 1\nid: t\nname: T\nmembers:\n  - {id: x, name: X, type: survivor, die: "d1\\n0\\u0007", health: 1, captain: true}\n').diagnostics;
    expect(d).toHaveLength(1);
    expect(d[0].message).toContain('die d1\\n0\\u0007 is not an Existence Die');
    expect(oneLine('a\r\nb\rc\u2028d')).toBe('a\\nb\\rc\\u2028d');
  });

  it('empty, comment-only, list and scalar files say what they are and how to fix them', () => {
    const msg = (t: string) => loadYaml('f.yaml', t).diagnostics.map((d) => `${d.code} ${d.message}`);
    expect(msg('')[0]).toMatch(/^unknown-kind f\.yaml has no content .*'kind:'/);
    expect(msg('# only a comment\n')[0]).toMatch(/has no content \(only comments or blank lines\)/);
    expect(msg('- a\n- b\n')[0]).toMatch(/f\.yaml is a list; a document must be a mapping/);
    expect(msg('42\n')[0]).toMatch(/is a single value \(number\)/);
    expect(msg('kind: crew\nmembers:\n\t- x\n')[0]).toMatch(/^yaml-syntax Tabs are not allowed as indentation; indent with spaces/);
  });

  it('a kebab-case suggestion drops accents instead of turning them into hyphens', () => {
    const d = loadYaml('x.yaml', 'kind: crewType\nschemaVersion: 1\nid: Blôom-Hóst\nname: B\nbase: mycelian\ndice: [d4]\nhealth: {min: 1, max: 1}\n').diagnostics;
    expect(d.map((x) => x.message)).toEqual([expect.stringContaining("e.g. 'bloom-host'")]);
  });

  it('side references are not reported again when a scenario has no sides (side-count says it)', () => {
    const scenario = 'kind: scenario\nschemaVersion: 1\nid: s\nname: S\nareas: [{id: a, name: A}, {id: b, name: B}]\nsides: []\nobjectives: [{id: o, name: O, area: a, kind: reach, side: a}]\n';
    const campaign = 'kind: campaign\nschemaVersion: 1\nid: c\nname: C\ncrews: [x, y]\nscenarios: [s]\nbattles: [{scenario: s, date: 2026-01-01, seed: 1, sides: {a: x, b: y}, winner: a, points: {a: 1, b: 0}}]\n';
    const ws = 'kind: workspace\nschemaVersion: 1\nname: W\n';
    const crews = ['x', 'y'].map((id) => ({ path: `${id}.yaml`, text: `kind: crew\nschemaVersion: 1\nid: ${id}\nname: N\nmembers: [{id: m, name: M, type: survivor, die: d6, health: 1, captain: true}]\n` }));
    const { diagnostics } = validateFiles([{ path: 'mortisphere.yaml', text: ws }, { path: 's.yaml', text: scenario }, { path: 'c.yaml', text: campaign }, ...crews]);
    expect(diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual(['s.yaml side-count']);
  });
});

describe('merge keys (<<: *anchor)', () => {
  it('are applied, explicit keys winning, and never touch Object.prototype', () => {
    const text = 'kind: crew\nschemaVersion: 1\nid: c\nname: C\nmembers:\n  - &b {id: a, name: A, type: survivor, die: d6, health: 1, captain: true}\n  - <<: [*b, {text: x}]\n    id: b\n    captain: false\n';
    const doc = loadYaml('c.yaml', text);
    expect(doc.diagnostics).toEqual([]);
    expect((doc.data as { members: unknown[] }).members[1]).toEqual({ id: 'b', name: 'A', type: 'survivor', die: 'd6', health: 1, captain: false, text: 'x' });
    const hostile = loadYaml('h.yaml', 'kind: crew\nx:\n  <<: {__proto__: {polluted: 1}, constructor: 1}\n');
    expect(hostile.diagnostics.map((d) => d.code)).toContain('yaml-hostile');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a quoted "<<" is an ordinary key (and so an unknown property)', () => {
    const doc = loadYaml('c.yaml', 'kind: workspace\nschemaVersion: 1\nname: W\n"<<": {text: t}\n');
    expect(doc.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['4:1 schema']);
  });
});

describe('incremental "did you mean" suggestions', () => {
  it('follow ids being removed or added in other files (found by the incremental == full property)', async () => {
    const { WorkspaceValidator } = await import('../../../../src/shared/validation');
    const crew = (id: string) => `kind: crew\nschemaVersion: 1\nid: ${id}\nname: N\nmembers: [{id: m, name: M, type: survivor, die: d6, health: 1, captain: true}]\n`;
    const files: Record<string, string> = {
      'mortisphere.yaml': 'kind: workspace\nschemaVersion: 1\nname: W\n',
      'marsh-eels.yaml': crew('marsh-eels'),
      'other.yaml': crew('other'),
      's.yaml': 'kind: scenario\nschemaVersion: 1\nid: s\nname: S\nareas: [{id: a, name: A}, {id: b, name: B}]\nsides: [{id: a, name: A, deploy: a, crew: other}, {id: b, name: B, deploy: b, crew: marsh-eel}]\n',
    };
    const v = new WorkspaceValidator();
    for (const [p, t] of Object.entries(files)) v.setFile(p, t);
    expect(v.diagnostics().map((d) => d.message)).toEqual([expect.stringContaining("did you mean 'marsh-eels'?")]);
    v.removeFile('marsh-eels.yaml');
    delete files['marsh-eels.yaml'];
    const full = validateFiles(Object.entries(files).map(([path, text]) => ({ path, text }))).diagnostics;
    expect(v.diagnostics()).toEqual(full);
    expect(full.map((d) => d.message)).toEqual([expect.stringContaining("define a crew with id 'marsh-eel'")]);
    v.setFile('marsh-eelz.yaml', crew('marsh-eelz'));
    expect(v.diagnostics().map((d) => d.message)).toEqual([expect.stringContaining("did you mean 'marsh-eelz'?")]);
  });
});
