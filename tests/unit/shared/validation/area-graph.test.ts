import { describe, expect, it } from 'vitest';
import { moveGraph, reachable } from '../../../../src/shared/validation/cross/area-graph';
import { validateFiles } from '../../../../src/shared/validation';

const scenario = (areas: string, objectives = '', sides = '  - {id: a, name: A, deploy: gate}\n  - {id: b, name: B, deploy: vault}\n') =>
  validateFiles([
    { path: 'mortisphere.yaml', text: 'kind: workspace\nschemaVersion: 1\nname: W\n' },
    { path: 's.yaml', text: `kind: scenario\nschemaVersion: 1\nid: s\nname: S\nareas:\n${areas}sides:\n${sides}${objectives ? `objectives:\n${objectives}` : ''}` },
  ]).diagnostics.filter((d) => d.code === 'area-dead-end' || d.code === 'objective-unreachable');

describe('R8.2 move graph', () => {
  it('follows links from an Area that lists them, and allows any move from one that does not', () => {
    const g = moveGraph([{ id: 'a', links: ['b'] }, { id: 'b' }, { id: 'c', links: [] }]);
    expect(Object.fromEntries(g)).toEqual({ a: ['b'], b: ['a', 'c'], c: [] });
    expect([...reachable(g, ['c'])]).toEqual(['c']);
    expect([...reachable(g, ['a'])].sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('dead ends and unreachable objectives (warnings)', () => {
  it('no warning when links go both ways, or when no Area lists links', () => {
    expect(scenario('  - {id: gate, name: G, links: [vault]}\n  - {id: vault, name: V, links: [gate]}\n')).toEqual([]);
    expect(scenario('  - {id: gate, name: G}\n  - {id: vault, name: V}\n')).toEqual([]);
  });
  it('a one-way link into an Area whose links never lead back is a dead end', () => {
    const d = scenario('  - {id: gate, name: G, links: [pit, vault]}\n  - {id: vault, name: V, links: [gate]}\n  - {id: pit, name: P, links: []}\n');
    expect(d.map((x) => [x.code, x.line, x.severity])).toEqual([['area-dead-end', 8, 'warning']]);
    expect(d[0]!.message).toBe("scenario 's': Area 'pit' is a dead end: a member who moves in from 'gate' can never return, because it lists no links, so a member there can never move again; add a link back, or remove 'links' from 'pit' so any move is allowed");
  });
  it('an objective in an Area no eligible side can reach is reported at its area', () => {
    const areas = '  - {id: gate, name: G, links: [vault]}\n  - {id: vault, name: V, links: [gate]}\n  - {id: shrine, name: S, links: [gate]}\n';
    const d = scenario(areas, '  - {id: relic, name: R, area: shrine, kind: reach}\n');
    expect(d.map((x) => x.code)).toEqual(['objective-unreachable']);
    expect(d[0]!.message).toContain("objective 'relic' is in Area 'shrine', which no member can reach");
    // A side deploying a member there can reach it.
    const sides = '  - {id: a, name: A, deploy: gate}\n  - {id: b, name: B, deploy: vault, deployMembers: {x: shrine}}\n';
    expect(scenario(areas, '  - {id: relic, name: R, area: shrine, kind: reach}\n', sides).filter((x) => x.code === 'objective-unreachable')).toEqual([]);
  });
  it('the example scenarios have neither', () => {
    // (examples.test.ts checks the whole example validates clean; this names the reason)
    expect(scenario('  - {id: gate, name: G, links: [vault]}\n  - {id: vault, name: V}\n')).toEqual([]);
  });
});
