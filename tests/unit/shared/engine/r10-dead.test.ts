import { describe, expect, it } from 'vitest';
import { advancementsAvailable, aftermathOutcome, aftermathSides, buildSetup } from '../../../../src/shared/engine';
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';
import type { HistoryEntry } from '../../../../src/shared/model/types';
import { baseFiles, load } from '../campaign/helpers';

const withBlues = (members: string) => {
  const files = baseFiles();
  files['crews/blues.yaml'] = `kind: crew\nschemaVersion: 1\nid: blues\nname: The Blues\nmembers:\n${members}`;
  return load(files).model;
};

describe('R10 the engine and dead members', () => {
  it('R10.1 a dead member is never fielded', () => {
    const model = withBlues('  - {id: boss, name: Boss, type: machine, die: d8, health: 3, captain: true}\n  - {id: gone, name: Gone, type: machine, die: d6, health: 2, status: dead}\n');
    const setup = buildSetup(model, { scenario: 'pit', crews: ['reds', 'blues'] });
    expect(setup.ok && setup.value.sides[1].members.map((m) => m.id)).toEqual(['boss']);
  });

  it('R10.1 a crew whose Captain died cannot fight until a living member is Captain; a crew of the dead cannot fight at all', () => {
    const headless = withBlues('  - {id: boss, name: Boss, type: machine, die: d8, health: 3, captain: true, status: dead}\n  - {id: two, name: Two, type: machine, die: d6, health: 2}\n');
    const r = buildSetup(headless, { scenario: 'pit', crews: ['reds', 'blues'] });
    expect(!r.ok && r.error).toMatchObject({ code: 'setup/captain-count', message: expect.stringContaining("its Captain 'boss' is dead") });
    const led = withBlues('  - {id: boss, name: Boss, type: machine, die: d8, health: 3, captain: true, status: dead}\n  - {id: two, name: Two, type: machine, die: d6, health: 2, captain: true}\n');
    expect(buildSetup(led, { scenario: 'pit', crews: ['reds', 'blues'] }).ok).toBe(true);
    const none = withBlues('  - {id: boss, name: Boss, type: machine, die: d8, health: 3, captain: true, status: dead}\n');
    const n = buildSetup(none, { scenario: 'pit', crews: ['reds', 'blues'] });
    expect(!n.ok && n.error.code).toBe('setup/no-living-members');
  });

  it('R10.1 a roll is read on the table; the die bounds the roll', () => {
    expect([1, 2, 3, 6].map((r) => aftermathOutcome(CORE_RULESET.aftermath, r))).toEqual(['dead', 'injury', 'recovers', 'recovers']);
    expect(aftermathSides({ ...CORE_RULESET.aftermath, die: 'd10' })).toBe(10);
  });

  it('R10.3 steps earned minus advancement entries taken', () => {
    const wins = (n: number): HistoryEntry[] => Array.from({ length: n }, () => ({ kind: 'victory' }));
    expect(advancementsAvailable(wins(2), 3)).toBe(0);
    expect(advancementsAvailable(wins(3), 3)).toBe(1);
    expect(advancementsAvailable([...wins(3), { kind: 'advancement', die: { from: 'd6', to: 'd8' } }], 3)).toBe(0);
    expect(advancementsAvailable([...wins(7), { kind: 'advancement' }], 3)).toBe(1);
  });
});
