import { describe, expect, it } from 'vitest';
import { WorkspaceValidator, validateFiles } from '../../../../../src/shared/validation';

const crew = (id: string, members: string[]) =>
  `kind: crew\nschemaVersion: 1\nid: ${id}\nname: ${id}\nmembers:\n${members.map((m, i) => `  - {id: ${m}, name: ${m}, type: survivor, die: d6, health: 1${i === 0 ? ', captain: true' : ''}}`).join('\n')}\n`;
const scenario = (crews: [string, string], objective: string) =>
  `kind: scenario\nschemaVersion: 1\nid: s\nname: S\nareas:\n  - {id: p, name: P}\n  - {id: q, name: Q}\nsides:\n  - {id: a, name: A, deploy: p, crew: ${crews[0]}}\n  - {id: b, name: B, deploy: q, crew: ${crews[1]}}\nobjectives:\n  - ${objective}\n`;
const problems = (files: Record<string, string>) =>
  validateFiles(Object.entries(files).map(([path, text]) => ({ path, text }))).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file} ${d.code} ${d.message}`);

describe('R9.1 eliminate/protect member references', () => {
  const two = { 'crews/x.yaml': crew('x', ['boss', 'grunt']), 'crews/y.yaml': crew('y', ['queen', 'drone']) };

  it('R9.1 a member id or a full key <side>:<member> is accepted, as docs/rules.md says', () => {
    expect(problems({ ...two, 's.yaml': scenario(['x', 'y'], '{id: o, name: O, area: p, kind: eliminate, member: queen}') })).toEqual([]);
    expect(problems({ ...two, 's.yaml': scenario(['x', 'y'], '{id: o, name: O, area: p, kind: eliminate, member: "b:queen"}') })).toEqual([]);
    expect(problems({ ...two, 's.yaml': scenario(['x', 'y'], '{id: o, name: O, area: p, kind: protect, member: "a:boss"}') })).toEqual([]);
  });

  it('R9.1 a full key names a side the scenario has and a member of that side', () => {
    expect(problems({ ...two, 's.yaml': scenario(['x', 'y'], '{id: o, name: O, area: p, kind: eliminate, member: "c:queen"}') })).toEqual([
      "s.yaml unknown-ref objective 'o': 'c:queen' names side 'c', which this scenario does not have; use 'a:queen' or 'b:queen'",
    ]);
    expect(problems({ ...two, 's.yaml': scenario(['x', 'y'], '{id: o, name: O, area: p, kind: eliminate, member: "a:queen"}') })).toEqual([
      "s.yaml unknown-ref objective 'o': side 'a' has no member 'queen'",
    ]);
  });

  it('R9.1 in a mirror match a bare member id is ambiguous: the validator asks for the side', () => {
    const mirror = { 'crews/x.yaml': crew('x', ['boss', 'grunt']), 's.yaml': scenario(['x', 'x'], '{id: o, name: O, area: p, kind: protect, member: boss}') };
    expect(problems(mirror)).toEqual(["s.yaml ambiguous-ref objective 'o': both sides have a member 'boss'; name the side too: 'a:boss' or 'b:boss'"]);
    expect(problems({ ...mirror, 's.yaml': scenario(['x', 'x'], '{id: o, name: O, area: p, kind: protect, member: "b:boss"}') })).toEqual([]);
  });
});

describe('a crew whose kind is mistyped does not cascade into unknown-ref errors', () => {
  const scen = scenario(['x', 'y'], '{id: o, name: O, area: p, kind: reach}');
  it('a misspelled kind is reported once, where it is; references to the crew wait', () => {
    const out = problems({ 'crews/x.yaml': crew('x', ['boss']).replace('kind: crew', 'kind: crwe'), 'crews/y.yaml': crew('y', ['queen']), 's.yaml': scen });
    expect(out).toEqual([expect.stringMatching(/^crews\/x\.yaml unknown-kind unknown kind 'crwe' — did you mean 'crew'\?.*it looks like a crew, so references to 'x' are not reported until this is fixed$/)]);
  });

  it('a kind far from any name is recognised by the document\'s shape (members → crew)', () => {
    const out = problems({ 'crews/x.yaml': crew('x', ['boss']).replace('kind: crew', 'kind: warband'), 'crews/y.yaml': crew('y', ['queen']), 's.yaml': scen });
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('it looks like a crew');
  });

  it('fixing the kind re-checks the documents that use the crew (incremental validation)', () => {
    const v = new WorkspaceValidator();
    v.setFile('crews/x.yaml', crew('x', ['boss']).replace('kind: crew', 'kind: crwe'));
    v.setFile('crews/y.yaml', crew('y', ['queen']));
    v.setFile('s.yaml', scen.replace('crew: x', 'crew: x'));
    expect(v.diagnostics().filter((d) => d.file === 's.yaml')).toEqual([]);
    v.setFile('crews/x.yaml', crew('z', ['boss']));
    expect(v.diagnostics().filter((d) => d.file === 's.yaml').map((d) => d.code)).toEqual(['unknown-ref']);
    v.setFile('crews/x.yaml', crew('x', ['boss']));
    expect(v.diagnostics().filter((d) => d.severity === 'error')).toEqual([]);
  });
});
