/**
 * Robustness fuzz (issue 3): generated setups under every knob combination (numeric knobs
 * included, Area rules, conditional effects), random legal play interleaved with junk actions.
 * Nothing throws, illegal input changes nothing, Health stays in 0..max, every battle ends,
 * and a replay of the decisions is identical.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, createBattle, isLegal, legalActions, replayBattle } from '../../../../src/shared/engine';
import type { Action, BattleSetup, BattleState } from '../../../../src/shared/engine';
import type { DieName, Effect, Objective, When } from '../../../../src/shared/model/types';
import { mkSetup } from './helpers';
import { randomCrew } from './random-crew';

const die = fc.constantFrom<DieName>('d4', 'd6', 'd8', 'd10', 'd12', 'd20');
const when: fc.Arbitrary<When | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom<When>({ role: 'attacker' }, { role: 'defender' }, { inSwarm: true }, { vsSwarm: true }, { healthAtMost: 1 }, { roundAtLeast: 2 }, { area: 'hot' }, { opponentType: 'machine' }, { opponentDieAtLeast: 'd10' }),
);
const body = fc.oneof(
  fc.integer({ min: -3, max: 3 }).map((n) => ({ rollModifier: n })),
  fc.integer({ min: 0, max: 3 }).map((n) => ({ damage: n })),
  fc.integer({ min: -1, max: 2 }).map((n) => ({ armor: n })),
  fc.constant({ reroll: 'once' as const }),
  die.map((d) => ({ keepHighest: d })),
  die.map((d) => ({ dieOverride: d })),
  fc.constant({ blast: true as const }),
  fc.integer({ min: 0, max: 2 }).map((n) => ({ extraActions: n })),
  fc.constant({ firstStrike: true as const }),
  fc.integer({ min: 0, max: 2 }).map((n) => ({ regenerate: n })),
  fc.integer({ min: 0, max: 2 }).map((n) => ({ progressBonus: n })),
  fc.constantFrom({ swarm: 'never' as const }, { swarm: 'always' as const }),
  fc.integer({ min: -5, max: 5 }).map((n) => ({ initiative: n })),
);
const effect: fc.Arbitrary<Effect> = fc.tuple(body, when).map(([b, w]) => (w === undefined ? b : { ...b, when: w }) as Effect);
const member = fc.record({ die, health: fc.integer({ min: 1, max: 3 }), effects: fc.array(effect, { maxLength: 2 }), area: fc.constantFrom('p', 'q'), type: fc.constantFrom('survivor', 'machine'), ranged: fc.boolean() });
const crew = randomCrew(member, 5);
const objective: fc.Arbitrary<Objective> = fc.oneof(
  fc.record({ area: fc.constantFrom('p', 'q'), progress: fc.integer({ min: 1, max: 3 }), resetOnDamage: fc.boolean(), whenContested: fc.constantFrom<'allowed' | 'blocked' | 'roll'>('allowed', 'blocked', 'roll'), repeatable: fc.boolean(), difficulty: fc.integer({ min: 1, max: 8 }) }).map((o) => ({ id: 'i', name: 'I', kind: 'interact' as const, ...o })),
  fc.record({ area: fc.constantFrom('p', 'q'), once: fc.boolean(), side: fc.constantFrom<string | undefined>(undefined, 'a') }).map((o) => ({ id: 'r', name: 'R', kind: 'reach' as const, ...o, side: o.side as string })),
  fc.record({ area: fc.constantFrom('p', 'q'), by: fc.constantFrom<'count' | 'value'>('count', 'value') }).map((o) => ({ id: 'c', name: 'C', kind: 'control' as const, ...o })),
  fc.constantFrom<Objective>({ id: 'e', name: 'E', area: 'p', kind: 'eliminate', any: true }, { id: 'e2', name: 'E2', area: 'p', kind: 'eliminate', member: 'm0' }),
  fc.constant<Objective>({ id: 'pr', name: 'P', area: 'p', kind: 'protect', member: 'm1' }),
  fc.integer({ min: 0, max: 3 }).map((count) => ({ id: 's', name: 'S', area: 'p', kind: 'survive' as const, count })),
);
const ruleset = fc.record({
  initiative: fc.record({ crewValue: fc.constantFrom('active', 'starting'), tie: fc.constantFrom('rolloff', 'alternate'), mode: fc.constantFrom('lowestValue', 'startOfCombat'), target: fc.integer({ min: 1, max: 12 }) }),
  damage: fc.record({ cappedRoll: fc.constantFrom('clamp', 'reroll'), maxRollStep: fc.integer({ min: 0, max: 4 }), maxRollFloor: fc.integer({ min: 1, max: 4 }) }),
  clash: fc.record({
    interception: fc.boolean(),
    defenderRolls: fc.constantFrom('perPair', 'once'),
    tie: fc.constantFrom('standoff', 'attacker', 'defender', 'bothDamaged', 'reroll'),
    absorb: fc.constantFrom('hit', 'threshold'),
    absorbThreshold: fc.integer({ min: 1, max: 12 }),
    timing: fc.constantFrom('simultaneous', 'sequential'),
    multipleAttackers: fc.constantFrom('separate', 'keepHighest'),
  }),
  swarm: fc.record({ minSize: fc.integer({ min: 2, max: 4 }), bonusPerExtra: fc.integer({ min: 0, max: 3 }), damage: fc.integer({ min: 0, max: 3 }), lossTarget: fc.constantFrom('chosen', 'highestRoll', 'random') }),
  captain: fc.record({ lastStand: fc.boolean(), lastStandMaxRoll: fc.integer({ min: 1, max: 6 }), lastStandLosses: fc.integer({ min: 0, max: 3 }) }),
  movement: fc.record({ retreat: fc.constantFrom('free', 'roll'), retreatTarget: fc.integer({ min: 1, max: 10 }) }),
  morale: fc.record({ enabled: fc.boolean(), target: fc.integer({ min: 1, max: 10 }) }),
  turnStructure: fc.constantFrom('alternating', 'alternating', 'phased'),
});
const setupArb: fc.Arbitrary<BattleSetup> = fc
  .record({ a: crew, b: crew, rounds: fc.integer({ min: 1, max: 4 }), objectives: fc.uniqueArray(objective, { maxLength: 3, selector: (o) => o.id }), ruleset, npc: fc.tuple(fc.boolean(), fc.boolean()), linked: fc.boolean(), per: fc.integer({ min: 0, max: 2 }), endPoints: fc.constantFrom(null, 2, 5), allDone: fc.boolean(), hot: effect })
  .map((x) =>
    mkSetup({
      a: x.a,
      b: x.b,
      rounds: x.rounds,
      objectives: x.objectives,
      ruleset: x.ruleset as never,
      npc: x.npc,
      perEnemyIncapacitated: x.per,
      endWhen: { points: x.endPoints, allObjectivesDone: x.allDone },
      areas: x.linked ? [{ id: 'p', links: ['q'], tags: ['hot'], effects: [{ effect: x.hot, source: 'rule' }] }, { id: 'q', links: ['p'] }] : ['p', { id: 'q', tags: ['hot'] }],
    }),
  );

const keys = ['a:m0', 'a:m1', 'a:m2', 'b:m0', 'b:m1', 'b:m3', 'zz', 7, null];
/** A junk or near-legal action built from a number stream. */
function junk(r: number[], s: BattleState): unknown {
  const pick = <T,>(list: readonly T[], i: number): T => list[Math.abs(r[i]! | 0) % list.length]!;
  const side = pick(['a', 'b', s.setup.sides[s.side]!.id, 'c', 3], 0);
  switch (pick([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 1)) {
    case 0: return { type: 'clash', side, attacks: [{ attacker: pick(keys, 2), target: pick(keys, 3) }, { attacker: pick(keys, 4), target: pick(keys, 3) }], swarms: pick([undefined, 5, [[pick(keys, 2), pick(keys, 4)]], [5], 'x'], 5) };
    case 1: return { type: 'respond', side, responses: { [String(pick(keys, 2))]: pick(['defend', 'absorb', 3], 4) }, interceptors: pick([undefined, {}, { [String(pick(keys, 3))]: pick(keys, 4) }, 9], 5) };
    case 2: return { type: 'move', side, member: pick(keys, 2), to: pick(['p', 'q', 'r', 4], 3) };
    case 3: return { type: 'interact', side, member: pick(keys, 2), objective: pick(['i', 'r', 'e', 'zz', null], 3) };
    case 4: return { type: 'swarmLoss', side, member: pick(keys, 2) };
    case 5: return { type: 'declare', side, orders: pick([5, null, [null], [{ member: pick(keys, 2), act: pick(['clash', 'move', 'interact', 'hold', 'fly'], 3), target: pick(keys, 4), to: 'q', objective: 'i' }]], 5) };
    case 6: return pick([null, 5, 'clash', [], {}], 2);
    case 8: return { type: 'drop', side, members: pick([null, 5, [], [pick(keys, 2)], [pick(keys, 2), pick(keys, 3)], ['zz']], 3) };
    case 9: {
      const order = { member: pick(keys, 2), act: 'clash', target: pick(keys, 4), trigger: pick([undefined, 'enemyLeaves', 'enemyEnters', 'enemyClashes', 'x', 3], 3), watch: pick([undefined, ...keys], 5), holdUntil: pick([undefined, undefined, 'haste', 'move', 'x'], 6) };
      const group = pick([undefined, 5, [], [[pick(keys, 2), pick(keys, 3)]], [pick(keys, 2)], [[7]]], 7);
      return { type: 'declare', side, orders: [order, { member: pick(keys, 3), act: 'clash', target: pick(keys, 4) }], groups: group, swarms: pick([undefined, group, [[pick(keys, 2), pick(keys, 3), pick(keys, 4)]], 'x'], 6) };
    }
    default: return { type: 'hold', side, member: pick(keys, 2) };
  }
}

describe('fuzz: every knob combination, random legal play and junk', () => {
  it('never throws; junk is refused without change; Health in 0..max; battles end; replays are identical', () => {
    fc.assert(
      fc.property(setupArb, fc.integer(), fc.array(fc.integer(), { minLength: 8, maxLength: 8 }), (setup, seed, stream) => {
        let s = createBattle(setup, seed);
        const decisions: Action[] = [];
        const maxHealth = [...setup.sides[0].members, ...setup.sides[1].members].map((m) => m.maxHealth);
        let x = seed >>> 0;
        for (let step = 0; s.phase !== 'ended'; step++) {
          expect(step).toBeLessThan(3000);
          x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
          const j = junk(stream.map((v) => v ^ x), s) as Action;
          const before = JSON.stringify(s, (k, v: unknown) => (k === 'dice' ? undefined : v));
          const legal = isLegal(s, j);
          const jr = applyAction(s, j);
          expect(jr.ok).toBe(legal);
          expect(JSON.stringify(s, (k, v: unknown) => (k === 'dice' ? undefined : v))).toBe(before);
          if (jr.ok) {
            decisions.push(j);
            s = jr.value.state;
            continue;
          }
          const acts = legalActions(s);
          expect(acts.length).toBeGreaterThan(0);
          const a = acts[x % acts.length]!;
          const r = applyAction(s, a);
          if (!r.ok) throw new Error(`listed action refused: ${r.error.message}`);
          decisions.push(a);
          s = r.value.state;
          s.health.forEach((h, i) => {
            expect(h).toBeGreaterThanOrEqual(0);
            expect(h).toBeLessThanOrEqual(maxHealth[i]!);
          });
        }
        expect(s.result).not.toBeNull();
        expect(s.round).toBeLessThanOrEqual(setup.rounds);
        const again = replayBattle(setup, seed, decisions);
        expect(again.ok && again.value.state.result).toEqual(s.result);
        expect(again.ok && JSON.stringify(again.value.state.health)).toBe(JSON.stringify(s.health));
      }),
      { numRuns: 150 },
    );
  });
});

describe('degenerate setups', () => {
  it('R9.5 a hand-built setup with an empty side ends at once instead of waiting forever', () => {
    const s = createBattle(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [] }), 3);
    expect(s.phase).toBe('ended');
    expect(s.result).toMatchObject({ winner: null, reason: 'elimination', rounds: 1 });
    expect(legalActions(s)).toEqual([]);
  });

  it('a Clash whose swarms is not a list (number, object, true) is refused, not thrown (was a TypeError)', () => {
    const s = createBattle(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd8' }] }), 1);
    for (const swarms of [5, {}, true, 'ab']) {
      const action = { type: 'clash', side: 'a', attacks: [{ attacker: 'a:x', target: 'b:y' }], swarms } as unknown as Action;
      const r = applyAction(s, action);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toBe('action/illegal');
    }
  });
});
