import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, describeEvent, legalActions, replayBattle } from '../../../../src/shared/engine';
import type { Action } from '../../../../src/shared/engine';
import { clash, mkSetup, play, respond, start } from './helpers';

describe('event descriptions', () => {
  it('renders readable lines naming members, dice, caps and outcomes', () => {
    const setup = mkSetup({ a: [{ id: 'warden', die: 'd10', health: 2 }], b: [{ id: 'ash', die: 'd12', health: 2 }] });
    const r1 = play(start(setup, [1, 9, 9, 3]), clash('a', [['warden', 'ash']]), respond('b', { ash: 'defend' }));
    const r2 = play(r1.state, clash('a', [['warden', 'ash']]), respond('b', { ash: 'defend' }));
    const lines = [...r1.events, ...r2.events].map((e) => describeEvent(e, setup));
    expect(lines).toContain('Side A declares a Clash: warden → ash.');
    expect(lines).toContain('warden (d10, max 8) rolls 9 → 8.');
    expect(lines).toContain('warden 1 vs ash 9: ash wins.');
    expect(lines).toContain('warden takes 1 damage from ash; Health 1.');
    expect(lines.some((l) => l.startsWith('Side A has Initiative: lower crew value (Side A 10 vs Side B 12)'))).toBe(true);
  });

  it('describes every event of a random battle without throwing', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', health: 2 }, { id: 'x2', die: 'd6' }, { id: 'x3', die: 'd6' }], b: [{ id: 'y', die: 'd20', health: 3 }], objectives: [{ id: 'o', name: 'Obj', area: 'field', kind: 'interact' }] });
    let s = createBattle(setup, 5);
    const lines = s.openingEvents.map((e) => describeEvent(e, setup));
    while (s.phase !== 'ended') {
      const acts = legalActions(s);
      const r = applyAction(s, acts[lines.length % acts.length]!);
      if (!r.ok) throw new Error(r.error.message);
      lines.push(...r.value.events.map((e) => describeEvent(e, setup)));
      s = r.value.state;
    }
    expect(lines.at(-1)).toMatch(/^The battle ends/);
    expect(lines.every((l) => l.length > 0 && !l.includes('undefined'))).toBe(true);
  });
});

describe('replay', () => {
  it('R1.6 replays a log bit-identically and refuses a log that does not fit', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', health: 2 }], b: [{ id: 'y', die: 'd8', health: 2 }] });
    let s = createBattle(setup, 42);
    const decisions: Action[] = [];
    const events = [...s.openingEvents];
    while (s.phase !== 'ended') {
      const a = legalActions(s)[0]!;
      decisions.push(a);
      const r = applyAction(s, a);
      if (!r.ok) throw new Error(r.error.message);
      events.push(...r.value.events);
      s = r.value.state;
    }
    const again = replayBattle(setup, 42, decisions);
    expect(again.ok && again.value.events).toEqual(events);
    const broken = replayBattle(setup, 42, [...decisions, decisions[0]!]);
    expect(!broken.ok && broken.error.code).toBe('replay/illegal');
  });

  it('applyAction leaves the input state untouched, also for illegal actions', () => {
    const setup = mkSetup({ a: [{ id: 'x', die: 'd6', health: 2 }], b: [{ id: 'y', die: 'd8', health: 2 }] });
    const s = createBattle(setup, 3);
    const before = JSON.stringify(s);
    applyAction(s, { type: 'clash', side: 'a', attacks: [{ attacker: 'a:x', target: 'b:y' }] });
    applyAction(s, { type: 'hold', side: 'b', member: 'b:y' });
    applyAction(s, { type: 'move', side: 'a', member: 'a:nobody', to: 'nowhere' });
    expect(JSON.stringify(s)).toBe(before);
  });
});
