import { describe, expect, it } from 'vitest';
import { checkRecord, planRecord } from '../../../../src/shared/campaign';
import type { CampaignBattle } from '../../../../src/shared/model/types';
import { applyEdits, baseFiles, load } from './helpers';

const battle = (over: Partial<CampaignBattle> = {}): CampaignBattle => ({ scenario: 'pit', date: '2026-12-01', sides: { a: 'reds', b: 'blues' }, winner: 'a', points: { a: 3, b: 1 }, ...over });
const codes = (b: CampaignBattle, files = baseFiles()): string[] => {
  const { model } = load(files);
  return checkRecord(model, 'league', b).map((p) => p.code);
};

describe('recording refuses bad input with a clear message, and writes nothing', () => {
  it.each([
    ['an unknown scenario', battle({ scenario: 'moon' }), 'campaign/unknown-scenario'],
    ['a scenario the campaign does not plan', battle(), 'campaign/unplanned-scenario', (f: Record<string, string>) => ({ ...f, 'campaigns/league.yaml': f['campaigns/league.yaml']!.replace('[pit, bridge, pit, bridge]', '[bridge]') })],
    ['a crew that does not exist', battle({ sides: { a: 'reds', b: 'ghosts' } }), 'campaign/unknown-crew'],
    ['a crew not in the campaign', battle({ sides: { a: 'reds', b: 'strays' } }), 'campaign/crew-not-in-campaign', (f: Record<string, string>) => ({ ...f, 'crews/strays.yaml': f['crews/blues.yaml']!.replace('id: blues', 'id: strays') })],
    ['the same crew on both sides', battle({ sides: { a: 'reds', b: 'reds' } }), 'campaign/same-crew'],
    ['sides that are not the scenario\'s', battle({ sides: { a: 'reds', c: 'blues' } }), 'campaign/bad-sides'],
    ['a winner that is not a side', battle({ winner: 'c' }), 'campaign/bad-winner'],
    ['points that are not whole numbers', battle({ points: { a: 1.5, b: 0 } }), 'campaign/bad-points'],
    ['a date that is not a day', battle({ date: '2026-02-30' }), 'campaign/bad-date'],
    ['a roll outside the aftermath die', battle({ aftermath: [{ member: 'blues/blue-one', roll: 7, outcome: 'recovers' }] }), 'campaign/aftermath-roll'],
    ['an outcome the table does not give', battle({ aftermath: [{ member: 'blues/blue-one', roll: 1, outcome: 'recovers' }] }), 'campaign/aftermath-outcome'],
    ['a member of no crew in the battle', battle({ aftermath: [{ member: 'greens/green-one', roll: 4, outcome: 'recovers' }] }), 'campaign/aftermath-member'],
    ['an unknown member', battle({ aftermath: [{ member: 'blues/blue-nine', roll: 4, outcome: 'recovers' }] }), 'campaign/aftermath-member'],
    ['a member rolling twice', battle({ aftermath: [{ member: 'blues/blue-one', roll: 4, outcome: 'recovers' }, { member: 'blues/blue-one', roll: 5, outcome: 'recovers' }] }), 'campaign/aftermath-duplicate'],
    ['a member taken down by its own crew', battle({ aftermath: [{ member: 'blues/blue-one', roll: 4, outcome: 'recovers', by: 'blues/blue-two' }] }), 'campaign/aftermath-by'],
    ['a member that fled and fell', battle({ aftermath: [{ member: 'blues/blue-one', roll: 4, outcome: 'recovers' }], fled: ['blues/blue-one'] }), 'campaign/fled-member'],
    ['bots that do not exist', battle({ ai: { a: 'greedy', b: 'clever' } }), 'campaign/bad-ai'],
    ['a crew in two campaigns', battle(), 'campaign/crew-shared', (f: Record<string, string>) => ({ ...f, 'campaigns/cup.yaml': 'kind: campaign\nschemaVersion: 1\nid: cup\nname: Cup\ncrews: [blues]\nscenarios: [pit]\n' })],
    ['a campaign naming a missing crew', battle(), 'campaign/unknown-crew', (f: Record<string, string>) => ({ ...f, 'campaigns/league.yaml': f['campaigns/league.yaml']!.replace('greens]', 'greens, ghosts]') })],
  ] as const)('%s', (_what, b, code, tweak?: (f: Record<string, string>) => Record<string, string>) => {
    const files = tweak ? tweak(baseFiles()) : baseFiles();
    expect(codes(b as CampaignBattle, files)).toContain(code);
    const { model, textOf } = load(files);
    const plan = planRecord(model, textOf, 'league', b as CampaignBattle);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.error.message.length).toBeGreaterThan(20);
  });

  it('a dead member in the next battle, and a crew with nobody left', () => {
    const files = baseFiles();
    const { model, textOf } = load(files);
    const killed = planRecord(model, textOf, 'league', battle({ winner: 'b', points: { a: 0, b: 3 }, aftermath: ['red-boss', 'red-one', 'red-two'].map((m) => ({ member: `reds/${m}`, roll: 1, outcome: 'dead' as const })) }));
    if (!killed.ok) throw new Error(killed.error.message);
    const after = applyEdits(files, killed.value.edits);
    expect(codes(battle({ scenario: 'bridge', aftermath: [{ member: 'reds/red-one', roll: 3, outcome: 'recovers' }] }), after)).toEqual(expect.arrayContaining(['campaign/no-living-members', 'campaign/dead-member']));
  });

  it('an unknown campaign', () => {
    const { model } = load(baseFiles());
    expect(checkRecord(model, 'nope', battle()).map((p) => p.code)).toEqual(['campaign/unknown']);
  });
});
