import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, currentDecision } from '../../../../src/shared/engine';
import type { BattleState } from '../../../../src/shared/engine';
import { DECISION_LABEL, buildDeclare, buildDrop, declareChoices, dropChoices, swarmOffers } from '../../../../src/renderer/src/testrun/declare-model';
import { turnChoices } from '../../../../src/renderer/src/testrun/decision-model';
import { mkSetup } from '../../shared/engine/helpers';

const phased = () =>
  mkSetup({
    a: [
      { id: 'gun', die: 'd6', ranged: true },
      { id: 'runner', die: 'd8', health: 2 },
    ],
    b: [
      { id: 'brute', die: 'd12', health: 3 },
      { id: 'scout', die: 'd4' },
    ],
    areas: ['yard', 'roof'],
    objectives: [{ id: 'cache', name: 'Cache', area: 'yard', kind: 'interact', progress: 1, points: 2 }],
    ruleset: { turnStructure: 'phased' },
  });

const next = (s: BattleState, a: Parameters<typeof applyAction>[1]): BattleState => {
  const r = applyAction(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
};

const phases = (holds: { id: string }[]): string[] => holds.filter((h) => h.id.startsWith('phase:')).map((h) => h.id.slice(6));

describe('declare model (phased "me" controls, R12)', () => {
  it('offers every ready member hold, clash per enemy, move per Area and interact per objective', () => {
    const s = createBattle(phased(), 1);
    expect(currentDecision(s)?.kind).toBe('declare');
    expect(turnChoices(s)).toBeNull();
    const dc = declareChoices(s)!;
    expect(dc.side).toBe(currentDecision(s)!.side);
    const mine = dc.side === 'a' ? ['a:gun', 'a:runner'] : ['b:brute', 'b:scout'];
    expect(dc.members.map((m) => m.key)).toEqual(mine);
    const first = dc.members[0]!;
    expect(first.options[0]).toMatchObject({ id: 'hold', label: 'Hold', holds: [] });
    const ids = first.options.map((o) => o.id);
    const enemies = dc.side === 'a' ? ['b:brute', 'b:scout'] : ['a:gun', 'a:runner'];
    for (const e of enemies) expect(ids).toContain(`clash:${e}`);
    expect(ids).toContain('move:roof');
    expect(ids).toContain('interact:cache');
    expect(phases(first.options.find((o) => o.id === 'move:roof')!.holds)).toEqual(['haste']);
    expect(phases(first.options.find((o) => o.id === 'interact:cache')!.holds)).toEqual(['move', 'haste']);
    // Listed orders held for a trigger do not leak a trigger into the plain option.
    for (const o of first.options) expect(o.order.trigger).toBeUndefined();
  });

  it('a ranged Clash may be held to the Clash phase, a melee one only later; both may wait for a trigger (R12)', () => {
    let s = createBattle(phased(), 1);
    if (currentDecision(s)!.side !== 'a') s = next(s, buildDeclare(s, declareChoices(s)!, { orders: {} }) as never);
    const dc = declareChoices(s)!;
    expect(dc.side).toBe('a');
    const gun = dc.members.find((m) => m.key === 'a:gun')!;
    const runner = dc.members.find((m) => m.key === 'a:runner')!;
    const gunBrute = gun.options.find((o) => o.id === 'clash:b:brute')!;
    expect(phases(gunBrute.holds)).toEqual(['clash', 'interact', 'move', 'haste']);
    expect(phases(runner.options.find((o) => o.id === 'clash:b:brute')!.holds)).toEqual(['interact', 'move', 'haste']);
    expect(gunBrute.holds.map((h) => h.label)).toContain('Until brute leaves its Area');
    expect(gunBrute.holds.find((h) => h.id === 'trigger:enemyLeaves@b:brute')).toMatchObject({ trigger: 'enemyLeaves', watch: 'b:brute' });
  });

  it('builds a legal declaration (unpicked members hold), holds included, that the engine applies', () => {
    const s = createBattle(phased(), 1);
    const dc = declareChoices(s)!;
    const [m1, m2] = dc.members;
    const r = buildDeclare(s, dc, { orders: { [m1!.key]: { option: 'interact:cache', hold: 'phase:move' } } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toEqual({
      type: 'declare',
      side: dc.side,
      orders: [
        { member: m1!.key, act: 'interact', objective: 'cache', holdUntil: 'move' },
        { member: m2!.key, act: 'hold' },
      ],
    });
    const after = next(s, r.value);
    expect(currentDecision(after)).toEqual({ side: dc.side === 'a' ? 'b' : 'a', kind: 'declare' });
    expect(declareChoices(after)!.side).not.toBe(dc.side);
  });

  it('builds a reactive hold: a Clash that waits for its target to leave ("If he moves, I\'ll shoot")', () => {
    let s = createBattle(phased(), 1);
    if (currentDecision(s)!.side !== 'a') s = next(s, buildDeclare(s, declareChoices(s)!, { orders: {} }) as never);
    const dc = declareChoices(s)!;
    const r = buildDeclare(s, dc, { orders: { 'a:gun': { option: 'clash:b:scout', hold: 'trigger:enemyLeaves@b:scout' } } });
    expect(r.ok && r.value).toMatchObject({ orders: [{ member: 'a:gun', act: 'clash', target: 'b:scout', trigger: 'enemyLeaves', watch: 'b:scout' }, { member: 'a:runner', act: 'hold' }] });
  });

  it('refuses what the engine refuses, with its reason (a joined Clash held unevenly)', () => {
    const setup = mkSetup({ a: [{ id: 'p', die: 'd6' }, { id: 'q', die: 'd6' }], b: [{ id: 'big', die: 'd10', cost: 90 }], ruleset: { turnStructure: 'phased' } });
    const s = createBattle(setup, 1);
    const dc = declareChoices(s)!;
    const r = buildDeclare(s, dc, { orders: { 'a:p': { option: 'clash:b:big', together: true, hold: 'phase:haste' }, 'a:q': { option: 'clash:b:big', together: true } } });
    expect(r).toMatchObject({ ok: false, error: { code: 'action/illegal' } });
    if (!r.ok) expect(r.error.message).toMatch(/held differently/);
  });

  it('joins ticked Clash orders of one Area into one Clash, and offers and declares a Swarm (R3.1, R6.1)', () => {
    const setup = mkSetup({
      a: [{ id: 'p', die: 'd6' }, { id: 'q', die: 'd6' }, { id: 'r', die: 'd6' }],
      b: [{ id: 'big', die: 'd10', health: 3, cost: 90 }],
      ruleset: { turnStructure: 'phased' },
    });
    const s = createBattle(setup, 1);
    const dc = declareChoices(s)!;
    expect(dc.side).toBe('a');
    const all = { option: 'clash:b:big', together: true };
    const picks = { orders: { 'a:p': all, 'a:q': all, 'a:r': all }, swarms: [] as string[] };
    const offers = swarmOffers(s, dc, picks);
    expect(offers).toEqual([{ id: 'field|b:big', label: 'Declare a Swarm on big (p, q, r)', members: ['a:p', 'a:q', 'a:r'] }]);
    const grouped = buildDeclare(s, dc, picks);
    expect(grouped.ok && grouped.value).toMatchObject({ groups: [['a:p', 'a:q', 'a:r']] });
    const swarm = buildDeclare(s, dc, { ...picks, swarms: ['field|b:big'] });
    expect(swarm.ok && swarm.value).toMatchObject({ groups: [['a:p', 'a:q', 'a:r']], swarms: [['a:p', 'a:q', 'a:r']] });
  });

  it('gives a hasted member its haste order slots (R11 extraActions, seed 002 haste)', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ extraActions: 1 }] }], b: [{ id: 'y', die: 'd8', cost: 90 }], areas: ['yard', 'roof'], ruleset: { turnStructure: 'phased' } });
    const s = createBattle(setup, 1);
    const dc = declareChoices(s)!;
    expect(dc.members[0]!.extra).toBe(1);
    const r = buildDeclare(s, dc, { orders: { 'a:x': { option: 'clash:b:y', haste: ['move:roof'] } } });
    expect(r.ok && r.value).toMatchObject({ orders: [{ act: 'clash' }, { act: 'move', to: 'roof' }] });
  });

  it('is null when the decision is not a declaration', () => {
    const s = createBattle(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd6' }] }), 1);
    expect(declareChoices(s)).toBeNull();
    expect(dropChoices(s)).toBeNull();
  });
});

describe('drop model (phase starts of phased rounds, R12)', () => {
  it('lists the members with orders due or held, and builds the drop the engine applies', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8', cost: 90 }], ruleset: { turnStructure: 'phased' } });
    let s = createBattle(setup, 1);
    s = next(s, { type: 'declare', side: 'a', orders: [{ member: 'a:x', act: 'clash', target: 'b:y' }] });
    s = next(s, { type: 'declare', side: 'b', orders: [{ member: 'b:y', act: 'hold' }] });
    const dc = dropChoices(s)!;
    expect(dc).toEqual({ side: 'a', phase: 'clash', members: [{ key: 'a:x', name: 'x', orders: 'attacks y' }] });
    const keep = buildDrop(s, dc, []);
    expect(keep.ok && keep.value).toEqual({ type: 'drop', side: 'a', members: [] });
    const dropped = buildDrop(s, dc, ['a:x']);
    expect(dropped.ok && next(s, dropped.value).round).toBe(2);
    expect(DECISION_LABEL.drop).toBe('keep or drop orders');
  });
});
