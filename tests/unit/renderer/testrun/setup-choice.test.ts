import { describe, expect, it } from 'vitest';
import {
  blockingDiagnostics,
  defaultChoice,
  effectiveCrews,
  optionsOf,
  parseSeed,
  prepareBattle,
  relevantFiles,
  seedFrom,
} from '../../../../src/renderer/src/testrun/setup-choice';
import type { SetupChoice } from '../../../../src/renderer/src/testrun/setup-choice';
import { exampleDocuments, exampleModel } from './example';

const choice = (over: Partial<SetupChoice> = {}): SetupChoice => ({
  scenario: 'drowned-foundry',
  crews: ['', ''],
  ruleset: '',
  players: ['me', 'greedy'],
  seed: 42,
  ...over,
});

describe('setup choice', () => {
  it('lists the example scenarios, crews and rulesets by name and picks valid defaults', () => {
    const { model } = exampleModel();
    const o = optionsOf(model);
    expect(o.scenarios.map((s) => s.id)).toEqual(
      expect.arrayContaining(['drowned-foundry', 'glass-temple', 'marrow-market']),
    );
    expect(o.crews.map((c) => c.id)).toContain('iron-choir');
    expect(o.rulesets.map((r) => r.id)).toEqual(['grim-reach']);
    const d = defaultChoice(model, null, 5);
    expect(model.scenarios.has(d.scenario)).toBe(true);
    expect(d.seed).toBe(5);
    // A vanished crew falls back to the scenario default; the rest is kept.
    const kept = defaultChoice(model, choice({ crews: ['gone', 'rot-saints'], seed: 9 }), 1);
    expect(kept.crews).toEqual(['', 'rot-saints']);
    expect(kept.seed).toBe(9);
  });

  it('uses the scenario default crews when none is chosen', () => {
    const { model } = exampleModel();
    expect(effectiveCrews(model, choice())).toEqual(['iron-choir', 'rot-saints']);
    expect(effectiveCrews(model, choice({ crews: ['marrow-kin', ''] }))).toEqual([
      'marrow-kin',
      'rot-saints',
    ]);
  });

  it('the relevant files are the manifest, scenario, crews, their libraries and the ruleset chain', () => {
    const { model } = exampleModel();
    const files = relevantFiles(model, choice({ ruleset: 'grim-reach' }));
    expect(files).toEqual(
      expect.arrayContaining([
        'mortisphere.yaml',
        'scenarios/drowned-foundry.yaml',
        'crews/iron-choir.yaml',
        'crews/rot-saints.yaml',
        'libraries/abilities.yaml',
        'libraries/equipment.yaml',
        'rulesets/grim-reach.yaml',
      ]),
    );
    expect(files).not.toContain('crews/marrow-kin.yaml');
    expect(files).not.toContain('scenarios/glass-temple.yaml');
  });

  it('builds a setup from the example, with unsaved edits included', () => {
    const { model, diagnostics } = exampleModel();
    const r = prepareBattle(model, diagnostics, choice());
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.setup.sides.map((s) => s.crewId)).toEqual(['iron-choir', 'rot-saints']);
    const docs = exampleDocuments();
    const edited = exampleModel({
      'scenarios/drowned-foundry.yaml': docs['scenarios/drowned-foundry.yaml']!.replace(
        'rounds: 6',
        'rounds: 3',
      ),
    });
    const r2 = prepareBattle(edited.model, edited.diagnostics, choice());
    expect(r2.ok && r2.setup.rounds).toBe(3);
  });

  it('refuses a setup whose scenario has an error, listing that error; errors elsewhere do not block', () => {
    const docs = exampleDocuments();
    const broken = docs['scenarios/drowned-foundry.yaml']!.replace('rounds: 6', 'rounds: many');
    const { model, diagnostics } = exampleModel({ 'scenarios/drowned-foundry.yaml': broken });
    const r = prepareBattle(model, diagnostics, choice());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.refusal.code).toBe('setup/errors');
    expect(r.refusal.diagnostics.length).toBeGreaterThan(0);
    expect(
      r.refusal.diagnostics.every(
        (d) => d.file === 'scenarios/drowned-foundry.yaml' && d.severity === 'error',
      ),
    ).toBe(true);
    expect(r.refusal.message).toContain('scenarios/drowned-foundry.yaml');
    // The same error does not block another scenario.
    expect(prepareBattle(model, diagnostics, choice({ scenario: 'glass-temple' })).ok).toBe(true);
    expect(blockingDiagnostics(model, diagnostics, choice({ scenario: 'glass-temple' }))).toEqual([]);
  });

  it('refuses when there is no workspace or the scenario is unknown, with a fix', () => {
    expect(prepareBattle(null, [], choice())).toMatchObject({
      ok: false,
      refusal: { code: 'setup/no-workspace' },
    });
    const { model, diagnostics } = exampleModel();
    const r = prepareBattle(model, diagnostics, choice({ scenario: 'nowhere' }));
    expect(r).toMatchObject({ ok: false, refusal: { code: 'setup/unknown-id' } });
  });

  it('parses seeds 0..2^32−1 only and derives seeds in range', () => {
    expect(parseSeed(' 42 ')).toBe(42);
    expect(parseSeed('4294967295')).toBe(4294967295);
    expect(parseSeed('4294967296')).toBeNull();
    expect(parseSeed('-1')).toBeNull();
    expect(parseSeed('1.5')).toBeNull();
    expect(seedFrom(0)).toBe(0);
    expect(seedFrom(0.999999999999)).toBeLessThanOrEqual(0xffffffff);
  });
});
