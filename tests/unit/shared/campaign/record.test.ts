import { describe, expect, it } from 'vitest';
import { campaignStatus, crewsBefore, planAdvance, planRecord, recordFromTabletop, rosters } from '../../../../src/shared/campaign';
import type { CampaignBattle } from '../../../../src/shared/model/types';
import { buildSetup } from '../../../../src/shared/engine';
import { applyEdits, baseFiles, errors, load } from './helpers';
import type { Files } from './helpers';

const battle = (over: Partial<CampaignBattle> = {}): CampaignBattle => ({
  scenario: 'pit',
  date: '2026-12-01',
  sides: { a: 'reds', b: 'blues' },
  winner: 'a',
  points: { a: 3, b: 1 },
  ruleset: 'core',
  ...over,
});

/** Records a battle into `files` and returns the new files (throws on refusal). */
function record(files: Files, b: CampaignBattle): Files {
  const { model, textOf } = load(files);
  const plan = planRecord(model, textOf, 'league', b);
  if (!plan.ok) throw new Error(plan.error.message);
  return applyEdits(files, plan.value.edits);
}

const member = (files: Files, crew: string, id: string) => load(files).model.crews.get(crew)!.members.find((m) => m.id === id)!;

describe('R10 recording a battle into the campaign and the crews', () => {
  it('R10.2 victory and defeat for every member who fought, in one change to three files', () => {
    const files = baseFiles();
    const { model, textOf } = load(files);
    const plan = planRecord(model, textOf, 'league', battle());
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.value.edits.map((e) => e.path)).toEqual(['campaigns/league.yaml', 'crews/reds.yaml', 'crews/blues.yaml']);
    const after = applyEdits(files, plan.value.edits);
    for (const id of ['red-boss', 'red-one', 'red-two']) expect(member(after, 'reds', id).history).toEqual([{ kind: 'victory', scenario: 'pit', date: '2026-12-01', text: 'Won at The Pit, 3 to 1, against The Blues' }]);
    for (const id of ['blue-boss', 'blue-one', 'blue-two']) expect(member(after, 'blues', id).history?.map((h) => h.kind)).toEqual(['defeat']);
    expect(member(after, 'greens', 'green-boss').history).toEqual([]);
    expect(load(after).model.campaigns.get('league')!.battles).toEqual([battle()]);
    expect(errors(load(after).diagnostics)).toEqual([]);
  });

  it('R10.2 a draw gives every member who fought a note', () => {
    const after = record(baseFiles(), battle({ winner: null, points: { a: 2, b: 2 } }));
    expect(member(after, 'reds', 'red-one').history).toEqual([{ kind: 'note', scenario: 'pit', date: '2026-12-01', text: 'Drew at The Pit, 2 to 2, with The Blues' }]);
  });

  it('R10.1 a lasting injury lowers max Health by 1 and records the change; R10.2 enemyDefeated names the victims', () => {
    const after = record(baseFiles(), battle({ aftermath: [{ member: 'blues/blue-boss', roll: 2, outcome: 'injury', by: 'reds/red-one' }, { member: 'blues/blue-one', roll: 5, outcome: 'recovers', by: 'reds/red-one' }] }));
    const boss = member(after, 'blues', 'blue-boss');
    expect(boss.health).toBe(2);
    expect(boss.history?.[1]).toEqual({ kind: 'injury', scenario: 'pit', date: '2026-12-01', health: { from: 3, to: 2 }, text: 'Lasting injury (aftermath roll 2): max Health 3 → 2' });
    expect(member(after, 'blues', 'blue-one').health).toBe(2);
    expect(member(after, 'reds', 'red-one').history?.[1]).toEqual({ kind: 'enemyDefeated', scenario: 'pit', date: '2026-12-01', text: 'Took down Blue Boss and Blue One' });
  });

  it('R10.1 an injury never lowers max Health below 1', () => {
    const after = record(baseFiles(), battle({ winner: 'b', points: { a: 0, b: 2 }, aftermath: [{ member: 'reds/red-two', roll: 2, outcome: 'injury' }] }));
    expect(member(after, 'reds', 'red-two').health).toBe(1);
    expect(member(after, 'reds', 'red-two').history?.[1]?.health).toEqual({ from: 1, to: 1 });
  });

  it('R10.1 a death marks the member dead: it keeps its history, is never fielded again, and cannot be recorded fighting', () => {
    const after = record(baseFiles(), battle({ aftermath: [{ member: 'blues/blue-one', roll: 1, outcome: 'dead' }] }));
    const dead = member(after, 'blues', 'blue-one');
    expect(dead.status).toBe('dead');
    expect(dead.history?.map((h) => h.kind)).toEqual(['defeat', 'death']);
    const { model, textOf } = load(after);
    const setup = buildSetup(model, { scenario: 'pit', crews: ['reds', 'blues'] });
    expect(setup.ok && setup.value.sides[1].members.map((m) => m.id)).toEqual(['blue-boss', 'blue-two']);
    const again = planRecord(model, textOf, 'league', battle({ scenario: 'bridge', aftermath: [{ member: 'blues/blue-one', roll: 4, outcome: 'recovers' }] }));
    expect(again.ok).toBe(false);
    if (!again.ok) {
      expect(again.error.code).toBe('campaign/dead-member');
      expect(again.error.message).toContain('Blue One');
      expect(again.error.message).toContain('since battle #1 (2026-12-01)');
    }
    // The next battle fields the living only, and the dead member gets no entry.
    const next = planRecord(model, textOf, 'league', battle({ scenario: 'bridge' }));
    if (!next.ok) throw new Error(next.error.message);
    const later = applyEdits(after, next.value.edits);
    expect(member(later, 'blues', 'blue-one').history?.length).toBe(2);
    expect(member(later, 'blues', 'blue-two').history?.length).toBe(2);
  });

  it('R10.2 failure for a member that fled', () => {
    const after = record(baseFiles(), battle({ fled: ['blues/blue-two'] }));
    expect(member(after, 'blues', 'blue-two').history?.map((h) => [h.kind, h.text])).toEqual([
      ['defeat', 'Lost at The Pit, 1 to 3, to The Reds'],
      ['failure', 'Fled the field at The Pit'],
    ]);
  });

  it('R10.3 advancement: offered after victoriesPerStep victories, applied only by planAdvance, then not again until the next step', () => {
    let files = baseFiles();
    const wins = [battle(), battle({ scenario: 'bridge', date: '2026-12-02' }), battle({ date: '2026-12-03' })];
    for (const [i, b] of wins.entries()) {
      const { model } = load(files);
      const boss = rosters(model, model.campaigns.get('league')!)[0]!.members[0]!;
      expect(boss.nextDie, `before win ${i + 1}`).toBeNull();
      files = record(files, b);
    }
    let { model, textOf } = load(files);
    let boss = rosters(model, model.campaigns.get('league')!)[0]!.members[0]!;
    expect(boss).toMatchObject({ victories: 3, advancements: 1, die: 'd10', nextDie: 'd12' });
    expect(member(files, 'reds', 'red-boss').die).toBe('d10'); // never silent
    const edit = planAdvance(model, textOf, 'reds', 'red-boss', '2026-12-04');
    expect(edit.ok).toBe(true);
    if (!edit.ok) return;
    files = applyEdits(files, [edit.value]);
    expect(member(files, 'reds', 'red-boss').die).toBe('d12');
    expect(member(files, 'reds', 'red-boss').history?.at(-1)).toEqual({ kind: 'advancement', date: '2026-12-04', die: { from: 'd10', to: 'd12' }, text: 'Advanced d10 → d12 after 3 victories' });
    ({ model, textOf } = load(files));
    boss = rosters(model, model.campaigns.get('league')!)[0]!.members[0]!;
    expect(boss.nextDie).toBeNull();
    const twice = planAdvance(model, textOf, 'reds', 'red-boss', '2026-12-05');
    expect(!twice.ok && twice.error.code).toBe('campaign/no-advancement');
    expect(errors(load(files).diagnostics)).toEqual([]);
    // The crew as it stood before the third battle had the d10 again.
    expect(crewsBefore(model, model.campaigns.get('league')!, 2).crews.get('reds')!.members[0]!.die).toBe('d10');
  });

  it('R10.2 every history kind is accepted in a crew file and shown in the roster timeline', () => {
    const kinds = ['victory', 'defeat', 'injury', 'death', 'discovery', 'equipmentGained', 'enemyDefeated', 'failure', 'note', 'advancement'] as const;
    const files = baseFiles();
    files['crews/greens.yaml'] = files['crews/greens.yaml']!.replace('    history: []   # filled by the campaign', `    history:\n${kinds.map((k) => `      - {kind: ${k}, text: a ${k}}`).join('\n')}`);
    const { model, diagnostics } = load(files);
    expect(errors(diagnostics)).toEqual([]);
    const greens = rosters(model, model.campaigns.get('league')!).find((r) => r.crew === 'greens')!;
    expect(greens.members[0]!.history.map((h) => h.kind)).toEqual([...kinds]);
  });

  it('keeps the comments and layout of every file: a recording only adds lines, except the lines of values it changes', () => {
    const files = baseFiles();
    const after = record(files, battle({ aftermath: [{ member: 'reds/red-one', roll: 2, outcome: 'injury' }] }));
    for (const path of ['campaigns/league.yaml', 'crews/reds.yaml', 'crews/blues.yaml']) {
      const old = files[path]!.split('\n');
      const now = after[path]!.split('\n');
      const removed = old.filter((l) => !now.includes(l));
      // Block members change only the line of the value changed; flow members (`- {id: …}`) get `history` added inside their braces.
      if (path === 'crews/reds.yaml') expect(removed, path).toEqual(['    health: 2']);
      else if (path === 'crews/blues.yaml') for (const l of removed) expect(now.some((n) => n.startsWith(l.slice(0, -1) + ', history: [{kind: defeat'))).toBe(true);
      else expect(removed, path).toEqual([]);
      for (const l of old.filter((x) => x.includes('#'))) expect(now, `${path} keeps '${l}'`).toContain(l);
    }
    expect(after['crews/reds.yaml']).toContain('    history:\n      - {kind: victory, scenario: pit, date: 2026-12-01, text: "Won at The Pit, 3 to 1, against The Blues"}');
    expect(after['campaigns/league.yaml']).toContain('    sides: {a: reds, b: blues}\n');
  });

  it('R10.1 a tabletop roll is read on the ruleset table; the campaign status follows the record', () => {
    const files = baseFiles();
    const { model } = load(files);
    const b = recordFromTabletop(model, { scenario: 'pit', date: '2026-12-01', sides: { a: 'greens', b: 'blues' }, winner: 'b', points: { a: 0, b: 4 }, rolls: [{ member: 'greens/green-one', roll: 1 }, { member: 'greens/green-boss', roll: 4, by: 'blues/blue-boss' }] });
    expect(b.seed).toBeUndefined();
    expect(b.aftermath).toEqual([{ member: 'greens/green-one', roll: 1, outcome: 'dead' }, { member: 'greens/green-boss', roll: 4, outcome: 'recovers', by: 'blues/blue-boss' }]);
    const after = record(files, b);
    const { model: m2 } = load(after);
    const status = campaignStatus(m2, m2.campaigns.get('league')!);
    expect(status.standings[0]).toMatchObject({ crew: 'blues', wins: 1, pointsFor: 4, rank: 1 });
    expect(status.ledger[0]).toMatchObject({ seed: null, result: 'The Blues won' });
    expect(status.ledger[0]!.aftermath[1]).toMatchObject({ name: 'Green Boss', by: 'Blue Boss', outcome: 'recovers' });
    expect(status.rosters.find((r) => r.crew === 'greens')!.members[1]).toMatchObject({ dead: true, health: 2, startHealth: 2 });
    // "green-boss" keeps the comment of its history line.
    expect(after['crews/greens.yaml']).toContain('# filled by the campaign');
  });
});
