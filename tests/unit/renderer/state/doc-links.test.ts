import { describe, expect, it } from 'vitest';
import { emptyWorkspaceModel } from '../../../../src/shared/model/workspace';
import type { CampaignDoc, CrewDoc, CrewTypeDoc, RulesetDoc, ScenarioDoc } from '../../../../src/shared/model/types';
import { docLinks, linkLabel } from '../../../../src/renderer/src/state/doc-links';

/** A small model: a crew of a homebrew type with a library ability, a scenario and a campaign using it. */
function model() {
  const m = emptyWorkspaceModel();
  m.crews.set('iron', { kind: 'crew', id: 'iron', name: 'Iron', members: [{ id: 'w', name: 'W', type: 'bloom', die: 'd6', health: 2, abilities: ['aim'] }, { id: 'x', name: 'X', type: 'grunt', die: 'd4', health: 1 }] } as unknown as CrewDoc);
  m.crews.set('moss', { kind: 'crew', id: 'moss', name: 'Moss', members: [] } as unknown as CrewDoc);
  m.crewTypes.set('bloom', { kind: 'crewType', id: 'bloom', name: 'Bloom', abilities: ['aim'] } as unknown as CrewTypeDoc);
  m.scenarios.set('gate', { kind: 'scenario', id: 'gate', name: 'Gate', areas: [], sides: [{ id: 'a', name: 'A', deploy: 'x', crew: 'iron' }, { id: 'b', name: 'B', deploy: 'y' }], ruleset: 'grim' } as unknown as ScenarioDoc);
  m.rulesets.set('grim', { kind: 'ruleset', id: 'grim', extends: 'core' } as unknown as RulesetDoc);
  m.campaigns.set('reach', { kind: 'campaign', id: 'reach', name: 'Reach', crews: ['iron', 'moss'], scenarios: ['gate'] } as unknown as CampaignDoc);
  for (const [k, p] of [
    ['crew:iron', 'crews/iron.yaml'],
    ['crew:moss', 'crews/moss.yaml'],
    ['crewType:bloom', 'types/bloom.yaml'],
    ['ability:aim', 'libraries/abilities.yaml'],
    ['ability:dodge', 'libraries/abilities.yaml'],
    ['scenario:gate', 'scenarios/gate.yaml'],
    ['ruleset:grim', 'rulesets/grim.yaml'],
    ['campaign:reach', 'campaigns/reach.yaml'],
  ] as const)
    m.pathOf.set(k, p);
  return m;
}

const keys = (l: { key: string }[]) => l.map((x) => x.key);

describe('the inspector’s links, from the model (issue 17, item 3)', () => {
  it('a crew uses its homebrew type and library entries (built-in types have no file) and is used by scenarios and campaigns', () => {
    const l = docLinks(model(), 'crews/iron.yaml');
    expect(l.keys).toEqual(['crew:iron']);
    expect(keys(l.uses)).toEqual(['ability:aim', 'crewType:bloom']);
    expect(l.uses[0]!.path).toBe('libraries/abilities.yaml');
    expect(keys(l.usedBy)).toEqual(['campaign:reach', 'scenario:gate']);
  });

  it('a scenario uses its crews and ruleset; a ruleset extending the built-in core uses no file', () => {
    const m = model();
    expect(keys(docLinks(m, 'scenarios/gate.yaml').uses)).toEqual(['crew:iron', 'ruleset:grim']);
    expect(keys(docLinks(m, 'scenarios/gate.yaml').usedBy)).toEqual(['campaign:reach']);
    expect(docLinks(m, 'rulesets/grim.yaml').uses).toEqual([]);
    expect(keys(docLinks(m, 'rulesets/grim.yaml').usedBy)).toEqual(['scenario:gate']);
  });

  it('a library gathers its entries: used by crews and crew types, each once', () => {
    const l = docLinks(model(), 'libraries/abilities.yaml');
    expect(l.keys.sort()).toEqual(['ability:aim', 'ability:dodge']);
    expect(keys(l.usedBy)).toEqual(['crew:iron', 'crewType:bloom']);
  });

  it('no model or an unknown file gives no links', () => {
    expect(docLinks(null, 'crews/iron.yaml')).toEqual({ keys: [], uses: [], usedBy: [] });
    expect(docLinks(model(), 'notes.yaml')).toEqual({ keys: [], uses: [], usedBy: [] });
  });
});

describe('the inspector’s links carry display names (issue 17)', () => {
  it('a link has its entry’s name, or null when it has none; linkLabel falls back to the id', () => {
    const m = model();
    const l = docLinks(m, 'crews/iron.yaml');
    expect(l.usedBy.map((x) => [x.key, x.name])).toEqual([
      ['campaign:reach', 'Reach'],
      ['scenario:gate', 'Gate'],
    ]);
    expect(l.uses.find((x) => x.key === 'crewType:bloom')?.name).toBe('Bloom');
    const grim = docLinks(m, 'scenarios/gate.yaml').uses.find((x) => x.key === 'ruleset:grim')!;
    expect(grim.name).toBeNull();
    expect(linkLabel(grim)).toBe('grim');
    expect(linkLabel({ key: 'workspace', kind: 'workspace', id: '', path: 'mortisphere.yaml', name: null })).toBe('mortisphere.yaml');
  });
});
