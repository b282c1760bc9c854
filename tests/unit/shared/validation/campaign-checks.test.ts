import { describe, expect, it } from 'vitest';
import { planRecord } from '../../../../src/shared/campaign';
import type { CampaignBattle } from '../../../../src/shared/model/types';
import { WorkspaceValidator } from '../../../../src/shared/validation';
import { applyEdits, baseFiles, load } from '../campaign/helpers';
import type { Files } from '../campaign/helpers';

const battle = (over: Partial<CampaignBattle> = {}): CampaignBattle => ({ scenario: 'pit', date: '2026-12-01', seed: 5, sides: { a: 'reds', b: 'blues' }, winner: 'a', points: { a: 3, b: 1 }, ruleset: 'core', ...over });

/** The files after recording battles through the editor's own plan. */
function recorded(...battles: CampaignBattle[]): Files {
  let files = baseFiles();
  for (const b of battles) {
    const { model, textOf } = load(files);
    const plan = planRecord(model, textOf, 'league', b);
    if (!plan.ok) throw new Error(plan.error.message);
    files = applyEdits(files, plan.value.edits);
  }
  return files;
}

const codes = (files: Files): string[] => load(files).diagnostics.filter((d) => d.code !== 'area-count').map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}`);

describe('the validator checks that a campaign ledger and its crews agree (R10)', () => {
  const injured = battle({ aftermath: [{ member: 'blues/blue-boss', roll: 2, outcome: 'injury' }] });
  const killed = battle({ aftermath: [{ member: 'blues/blue-one', roll: 1, outcome: 'dead' }] });

  it('a campaign recorded by the editor is clean', () => {
    expect(codes(recorded(injured, battle({ scenario: 'bridge', date: '2026-12-02' })))).toEqual([]);
    expect(codes(recorded(killed))).toEqual([]);
  });

  it('campaign-aftermath-roll: a roll outside the ruleset aftermath die (d6 in core; d8 under a ruleset that says so)', () => {
    const files = recorded(injured);
    const bad = { ...files, 'campaigns/league.yaml': files['campaigns/league.yaml']!.replace('roll: 2', 'roll: 7') };
    expect(codes(bad)).toContainEqual(expect.stringMatching(/^error campaign-aftermath-roll campaigns\/league.yaml:/));
    const d8 = { ...bad, 'rulesets/d8.yaml': 'kind: ruleset\nschemaVersion: 1\nid: d8\nextends: core\naftermath:\n  die: d8\n  table:\n    - {min: 1, max: 1, outcome: dead}\n    - {min: 2, max: 2, outcome: injury}\n    - {min: 3, max: 8, outcome: recovers}\n' };
    const under = { ...d8, 'campaigns/league.yaml': d8['campaigns/league.yaml']!.replace('ruleset: core', 'ruleset: d8') };
    expect(codes(under).filter((c) => c.includes('campaign-aftermath-roll'))).toEqual([]);
    expect(codes(under)).toContainEqual(expect.stringMatching(/^warning campaign-aftermath-outcome /));
  });

  it('campaign-aftermath-unapplied: an injury in the ledger but none in the history (no Health change), and a death not marked', () => {
    const files = recorded(injured);
    const noEntry = { ...files, 'crews/blues.yaml': files['crews/blues.yaml']!.replace(/, \{kind: injury[^}]*\}[^}]*\}/, '') };
    expect(noEntry['crews/blues.yaml']).not.toContain('kind: injury');
    expect(codes(noEntry)).toContainEqual(expect.stringMatching(/^error campaign-aftermath-unapplied campaigns\/league.yaml:/));
    const dead = recorded(killed);
    const alive = { ...dead, 'crews/blues.yaml': dead['crews/blues.yaml']!.replace(', status: dead', '') };
    expect(alive['crews/blues.yaml']).not.toContain('status: dead');
    expect(codes(alive)).toContainEqual(expect.stringMatching(/^error campaign-aftermath-unapplied /));
  });

  it('campaign-dead-fielded: a member that died fights in a later battle', () => {
    const files = recorded(killed);
    const later = files['campaigns/league.yaml']! + '  - {scenario: bridge, date: 2026-12-09, sides: {a: reds, b: blues}, winner: a, points: {a: 1, b: 0}, aftermath: [{member: blues/blue-one, roll: 4, outcome: recovers}]}\n';
    expect(codes({ ...files, 'campaigns/league.yaml': later })).toContainEqual(expect.stringMatching(/^error campaign-dead-fielded campaigns\/league.yaml:/));
  });

  it('campaign-crew-shared: a crew in two campaigns, reported on both', () => {
    const files = { ...baseFiles(), 'campaigns/cup.yaml': 'kind: campaign\nschemaVersion: 1\nid: cup\nname: Cup\ncrews: [blues]\nscenarios: [pit]\n' };
    const found = codes(files).filter((c) => c.includes('campaign-crew-shared'));
    expect(found).toEqual([expect.stringMatching(/campaigns\/cup.yaml/), expect.stringMatching(/campaigns\/league.yaml/)]);
  });

  it('history-unknown-scenario: a history entry naming a scenario that does not exist (a warning)', () => {
    const files = recorded(battle());
    const bad = { ...files, 'crews/reds.yaml': files['crews/reds.yaml']!.replace('scenario: pit', 'scenario: pti') };
    expect(codes(bad)).toContainEqual(expect.stringMatching(/^warning history-unknown-scenario crews\/reds.yaml:/));
    expect(load(bad).diagnostics.find((d) => d.code === 'history-unknown-scenario')!.message).toContain("did you mean 'pit'");
  });

  it('captain-dead: a crew whose Captain died warns until a living member is made Captain', () => {
    const files = recorded(battle({ aftermath: [{ member: 'reds/red-boss', roll: 1, outcome: 'dead' }] }));
    expect(codes(files)).toContainEqual(expect.stringMatching(/^warning captain-dead crews\/reds.yaml:/));
    const fixed = { ...files, 'crews/reds.yaml': files['crews/reds.yaml']!.replace('    name: Red One\n', '    name: Red One\n    captain: true\n') };
    expect(codes(fixed)).toEqual([]);
  });

  it('campaign-side-crew: a battle fought by a crew that is not in the campaign (a warning)', () => {
    const files = baseFiles();
    const text = files['campaigns/league.yaml']!.replace('[reds, blues, greens]', '[reds, greens]') + 'battles:\n  - {scenario: pit, date: 2026-12-01, sides: {a: reds, b: blues}, winner: a, points: {a: 1, b: 0}}\n';
    expect(codes({ ...files, 'campaigns/league.yaml': text })).toContainEqual(expect.stringMatching(/^warning campaign-side-crew /));
  });

  it('re-checks the campaign when a crew it reads changes (incremental = from scratch)', () => {
    const files = recorded(killed);
    const v = new WorkspaceValidator();
    for (const [p, t] of Object.entries(files)) v.setFile(p, t);
    expect(v.diagnostics().filter((d) => d.code.startsWith('campaign-'))).toEqual([]);
    const alive = files['crews/blues.yaml']!.replace(', status: dead', '');
    v.setFile('crews/blues.yaml', alive);
    const fresh = load({ ...files, 'crews/blues.yaml': alive }).diagnostics;
    expect(v.diagnostics()).toEqual(fresh);
    expect(fresh.some((d) => d.code === 'campaign-aftermath-unapplied')).toBe(true);
  });
});
