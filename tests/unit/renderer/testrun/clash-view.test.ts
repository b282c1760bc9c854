import { describe, expect, it } from 'vitest';
import type { BattleEvent, BattleSetup } from '../../../../src/shared/engine';
import { applyEvents, boardAt } from '../../../../src/renderer/src/testrun/board-at';
import { boardOf } from '../../../../src/renderer/src/testrun/board-model';
import { botDecision } from '../../../../src/renderer/src/testrun/bot-move';
import { clashAt, clashesSince, clashRange, pipsLost } from '../../../../src/renderer/src/testrun/clash-view';
import { advanceQueue, MAX_QUEUED } from '../../../../src/renderer/src/testrun/use-clash-animation';
import { startSession, stepSession } from '../../../../src/renderer/src/testrun/play-session';
import type { PlaySession } from '../../../../src/renderer/src/testrun/play-session';
import { prepareBattle } from '../../../../src/renderer/src/testrun/setup-choice';
import { mkSetup } from '../../shared/engine/helpers';
import { exampleModel } from './example';

/** A phased ruleset (R12 `turnStructure: phased`), to check the board through declared orders. */
const PHASED = { 'rulesets/phased-plain.yaml': 'kind: ruleset\nschemaVersion: 1\nid: phased-plain\nname: Phased\nextends: core\nturnStructure: phased\n' };

const foundry = (ruleset = '', scenario = 'drowned-foundry'): BattleSetup => {
  const { model, diagnostics } = exampleModel(PHASED);
  const r = prepareBattle(model, diagnostics, { scenario, crews: ['', ''], ruleset, players: ['greedy', 'greedy'], seed: 1 });
  if (!r.ok) throw new Error(r.refusal.message);
  return r.setup;
};

const playOut = (s: PlaySession, bot = 'greedy'): PlaySession => {
  let cur = s;
  while (cur.state.phase !== 'ended') {
    const a = botDecision(cur.state, bot, cur.seed, cur.decisions.length);
    if (!a.ok) throw new Error(a.error.message);
    const next = stepSession(cur, a.value);
    if (!next.ok) throw new Error(next.error.message);
    cur = next.value;
  }
  return cur;
};

const of = <T extends BattleEvent['type']>(events: BattleEvent[], type: T) =>
  events.filter((e): e is Extract<BattleEvent, { type: T }> => e.type === type);

describe('the Clash at the cursor (issue 17, item 5)', () => {
  const done = playOut(startSession(foundry(), 42));
  const starts = done.events.flatMap((e, i) => (e.type === 'clashDeclared' ? [i] : []));

  it('the battle has Clashes to show', () => {
    expect(starts.length).toBeGreaterThan(2);
  });

  it('every complete Clash shows its pairs with the dice, results and winner the log has', () => {
    for (const start of starts) {
      const { end } = clashRange(done, start)!;
      const view = clashAt(done, end)!;
      expect(view.start).toBe(start);
      expect(view.complete).toBe(true);
      const events = done.events.slice(start, end + 1);
      const resolved = of(events, 'pairResolved');
      expect(view.pairs.map((p) => [p.attackerResult, p.defenderResult, p.outcome])).toEqual(
        resolved.map((e) => [e.attackerResult, e.defenderResult, e.outcome]),
      );
      const rolled = of(events, 'dieRolled').filter((d) => d.purpose === 'clash' || d.purpose === 'reroll');
      const shown = view.pairs.flatMap((p) => [...p.attackers.flatMap((a) => a.dice), ...(p.defender?.dice ?? [])]);
      expect(shown.map((d) => [d.raw, d.cap, d.modifiers, d.final]).sort()).toEqual(rolled.map((d) => [d.raw, d.cap, d.modifiers, d.final]).sort());
      for (const d of shown) {
        expect(d.capped).toBe(d.raw > d.cap);
        expect(d.text).toMatch(/rolls|rerolls/);
      }
      for (const p of view.pairs) {
        expect(p.winner).toBe(p.outcome === 'attacker' ? 'attacker' : p.outcome === 'defender' ? 'defender' : p.outcome === 'both' ? 'both' : null);
        expect(p.lines.at(-1)).toMatch(/vs/);
      }
      // Each hit member's Health at the end is its last damage event's; the pips lost add up.
      for (const h of view.hits) {
        const last = of(events, 'damage').filter((d) => d.member === h.key).at(-1)!;
        expect(h.health).toBe(last.health);
        expect(h.before).toBeGreaterThanOrEqual(h.health);
        if (h.before > h.health) expect(pipsLost(view).get(h.key)).toBe(h.before - h.health);
      }
    }
  });

  it('mid-Clash it shows only what has happened up to the cursor', () => {
    const start = starts.find((s) => {
      const r = clashRange(done, s)!;
      return of(done.events.slice(s, r.end + 1), 'pairResolved').length > 0;
    })!;
    const { end } = clashRange(done, start)!;
    const atDeclare = clashAt(done, start)!;
    expect(atDeclare.pairs).toEqual([]);
    expect(atDeclare.hits).toEqual([]);
    expect(atDeclare.complete).toBe(start === end);
    expect(atDeclare.attacks.length).toBeGreaterThan(0);
    const firstPair = done.events.findIndex((e, i) => i > start && e.type === 'pairResolved');
    expect(clashAt(done, firstPair - 1)!.pairs).toEqual([]);
    expect(clashAt(done, firstPair)!.pairs).toHaveLength(1);
  });

  it('the latest Clash of the round stays shown after it, and none before a round’s first Clash', () => {
    const start = starts[0]!;
    const { end } = clashRange(done, start)!;
    const next = done.events.findIndex((e, i) => i > end && (e.type === 'clashDeclared' || e.type === 'roundStarted'));
    if (next > end + 1) expect(clashAt(done, next - 1)?.start).toBe(start);
    const round = done.events.findIndex((e, i) => i > start && e.type === 'roundStarted');
    expect(clashAt(done, round)).toBeNull();
    expect(clashAt(done, 0)).toBeNull();
  });

  it('a forward move lists the Clashes it resolved, in order; a Clash declared but not rolled yet is not one', () => {
    const rolled = starts.filter((st) => {
      const r = clashRange(done, st)!;
      return done.events.slice(st, r.end + 1).some((e) => e.type === 'pairResolved');
    });
    expect(clashesSince(done, -1, done.events.length - 1)).toEqual(rolled);
    const [a, b] = rolled as [number, number];
    const endA = clashRange(done, a)!.end;
    // From just after A's declaration to just after B: A (its dice come after the cursor) then B.
    expect(clashesSince(done, a, clashRange(done, b)!.end)).toEqual([a, b]);
    // From A's end: A is not new.
    expect(clashesSince(done, endA, clashRange(done, b)!.end)).toEqual([b]);
    expect(clashesSince(done, a - 1, a)).toEqual([]);
  });

  it('the animation queue: forward moves add Clashes (at most MAX_QUEUED), anything else or reduced motion empties it', () => {
    const rolled = clashesSince(done, -1, done.events.length - 1);
    const [a, b] = rolled as [number, number];
    const endB = clashRange(done, b)!.end;
    expect(advanceQueue(done, [], a - 1, endB, false)).toEqual([a, b]);
    expect(advanceQueue(done, [a], a - 1, endB, false)).toEqual([a, b]);
    expect(advanceQueue(done, [], a - 1, endB, true)).toEqual([]);
    expect(advanceQueue(done, [a, b], endB, a, false)).toEqual([]);
    expect(advanceQueue(done, [a], endB, endB, false)).toEqual([]);
    // A jump over the whole battle keeps the last ones; with one animating, it stays first.
    expect(advanceQueue(done, [], -1, done.events.length - 1, false)).toEqual(rolled.slice(-MAX_QUEUED));
    expect(advanceQueue(done, [a], a, done.events.length - 1, false)).toEqual([a, ...rolled.slice(1 - MAX_QUEUED)]);
  });

  it('a capped die and a modifier are shown as the log says (R1.4, R11 rollModifier)', () => {
    const setup = mkSetup({
      a: [{ id: 'hurt', die: 'd20', health: 3, effects: [{ rollModifier: 1 }] as never }],
      b: [{ id: 'foe', die: 'd4', health: 3 }],
    });
    // Find a seed where the hurt attacker rolls above its max roll after losing Health.
    let s = startSession(setup, 1);
    for (let i = 0; i < 60 && s.state.phase !== 'ended'; i++) {
      const a = botDecision(s.state, 'greedy', s.seed, s.decisions.length);
      if (!a.ok) throw new Error(a.error.message);
      s = (stepSession(s, a.value) as { ok: true; value: PlaySession }).value;
    }
    const dice = s.events.flatMap((e, i) => (e.type === 'dieRolled' && e.purpose === 'clash' ? [{ e, i }] : []));
    expect(dice.length).toBeGreaterThan(0);
    for (const { e, i } of dice) {
      const view = clashAt(s, i)!;
      const pair = clashAt(s, clashRange(s, i)!.end)!.pairs.find((p) => [...p.attackers, p.defender].some((r) => r?.key === e.member));
      const shown = [...(pair?.attackers ?? []), pair?.defender].find((r) => r?.key === e.member)?.dice[0];
      expect(view.start).toBeLessThan(i);
      if (shown) {
        expect(shown).toMatchObject({ raw: e.raw, cap: e.cap, modifiers: e.modifiers, final: e.final, capped: e.raw > e.cap });
        if (e.member === 'a:hurt') expect(shown.modifiers).toBe(1);
      }
    }
  });
});

describe('the board inside a decision (issue 11 item 2, issue 17 item 4)', () => {
  it('at each decision’s last event the replayed board is the engine’s: Health, activations, holders, points', () => {
    for (const [scenario, ruleset, seed, bot] of [
      ['drowned-foundry', '', 7, 'greedy'],
      ['drowned-foundry', 'grim-reach', 11, 'random'],
      ['glass-temple', '', 19, 'random'],
      ['marrow-market', 'grim-reach', 23, 'greedy'],
      ['drowned-foundry', 'phased-plain', 5, 'random'],
      ['glass-temple', 'phased-plain', 9, 'greedy'],
    ] as const) {
      const done = playOut(startSession(foundry(ruleset, scenario), seed), bot);
      for (let d = 0; d < done.decisions.length; d++) {
        const events = done.events.filter((_, i) => done.producedBy[i] === d);
        const replayed = applyEvents(boardOf(done.states[d]!), done.setup, events);
        expect(replayed, `${scenario} ${ruleset} seed ${seed}, decision ${d}`).toEqual(boardOf(done.states[d + 1]!));
      }
    }
  });

  it('boardAt mid-decision marks the attackers activated as soon as the Clash is declared', () => {
    const done = playOut(startSession(foundry(), 3));
    const i = done.events.findIndex((e) => e.type === 'clashDeclared');
    const e = done.events[i] as Extract<BattleEvent, { type: 'clashDeclared' }>;
    const members = boardAt(done, i).areas.flatMap((a) => a.members);
    for (const a of e.attacks) expect(members.find((m) => m.key === a.attacker)!.activated).toBe(true);
  });
});
