import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../src/shared/engine';
import type { BattleEvent, BattleSetup, BattleState } from '../../../../src/shared/engine';
import { ACT, ActionBuffer, argC, attacksOf, decodeAction, kindOf } from '../../../../src/shared/engine/action-codes';
import { applyCode } from '../../../../src/shared/engine/apply';
import { randomPolicy } from '../../../../src/shared/engine/bots';
import { NO_SWARMS, expandClash, planResponse, responseHasChoice } from '../../../../src/shared/engine/clash';
import { compile } from '../../../../src/shared/engine/compiled';
import type { Compiled } from '../../../../src/shared/engine/compiled';
import { clashOf, showPending } from '../../../../src/shared/engine/pending-clash';
import { continueResolution, orderPairs } from '../../../../src/shared/engine/resolve';
import { createBotRng } from '../../../../src/shared/engine/sim/seed';
import { cloneState } from '../../../../src/shared/engine/state';
import type { Action } from '../../../../src/shared/engine/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { REFERENCE_VARIANTS, variantSetup } from './sim/variants';
import { mkSetup } from './helpers';

/** Events but Clash declarations and responses (the reference below does not log those of the Clash it is given). */
const resolution = (events: BattleEvent[]): BattleEvent[] => events.filter((e) => e.type !== 'clashDeclared' && e.type !== 'responses');

/**
 * The general path of a Clash of one attacker `a` on `t`, as `beginClash` took it before
 * `resolveLone`: the pair written into the pending Clash, then ordered and resolved from there.
 */
function declaredByPairs(s: BattleState, c: Compiled, a: number, t: number, events: BattleEvent[]): void {
  const w = clashOf(s);
  w.reset(s.side, c.n, 1, 1);
  expandClash(s, c, w, [a], [t], 1, NO_SWARMS);
  s.used[a]! += 1;
  if (responseHasChoice(s, c, w)) {
    s.phase = 'respond';
    s.side = (1 - s.side) as 0 | 1;
    return;
  }
  for (let i = 0; i < w.targetCount; i++) w.defenderOf[w.targets[i]!] = -1;
  orderPairs(s, c, w);
  continueResolution(s, c, events, w);
}

/** The general path of a response to a Clash of one pair, as `applyResponse` took it before `resolveLone`. */
function answeredByPairs(s: BattleState, c: Compiled, action: Action, events: BattleEvent[]): void {
  const w = clashOf(s);
  const targets = Array.from(w.targets.subarray(0, w.targetCount));
  const defenders = planResponse(s, c, action as Extract<Action, { type: 'respond' }>, targets);
  if (typeof defenders === 'string') throw new Error(defenders);
  for (const t of targets) w.defenderOf[t] = defenders[t]!;
  for (const t of targets) if (defenders[t]! >= 0) s.used[defenders[t]!]! += 1;
  orderPairs(s, c, w);
  continueResolution(s, c, events, w);
}

/**
 * Plays a random battle by action codes; every declaration of one attacker on one target (no Swarm)
 * and every response to a Clash of one pair is also applied to a copy through the general path.
 * Both must give the same state, pending Clash and resolution events. Returns how many were compared.
 */
function compareLone(setup: BattleSetup, seed: number, seen: Record<string, number>): number {
  const c = compile(setup);
  const s = createBattle(setup, seed);
  const rng = createBotRng(seed);
  const policy = randomPolicy();
  const buf = new ActionBuffer();
  const out = { att: new Int32Array(8), tgt: new Int32Array(8) };
  let compared = 0;
  while (s.phase !== 'ended') {
    const code = policy.choose!(s, rng, buf);
    const kind = kindOf(code);
    const declares = s.phase === 'turn' && (kind === ACT.clash || kind === ACT.clashPair || kind === ACT.clashAll) && argC(code) !== 1 && attacksOf(code, buf, out) === 1;
    const answers = s.phase === 'respond' && (kind === ACT.respond || kind === ACT.intercept) && clashOf(s).pairCount === 1;
    const ref = declares || answers ? cloneState(s) : null;
    const action = answers ? decodeAction(s, c, code, buf) : null;
    const a = out.att[0]!;
    const t = out.tgt[0]!;
    const events: BattleEvent[] = [];
    applyCode(s, code, buf, events);
    if (ref === null) continue;
    const refEvents: BattleEvent[] = [];
    if (declares) declaredByPairs(ref, c, a, t, refEvents);
    else answeredByPairs(ref, c, action!, refEvents);
    expect(showPending(cloneState(s))).toEqual(showPending(ref));
    expect(resolution(events)).toEqual(resolution(refEvents));
    for (const e of refEvents) if (e.type === 'pairResolved') seen[e.outcome] = (seen[e.outcome] ?? 0) + 1;
    seen[declares ? 'declared' : 'answered'] = (seen[declares ? 'declared' : 'answered'] ?? 0) + 1;
    compared++;
  }
  return compared;
}

describe('a Clash of one single pair resolves straight from its attacker and target (actions.ts resolveLone, issue 13)', () => {
  it('R3.2, R4, R5: gives what the pair written into the pending Clash, ordered and resolved gives, in every example and variant', () => {
    const seen: Record<string, number> = {};
    let compared = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      for (const [, change] of REFERENCE_VARIANTS) {
        const setup = variantSetup(exampleSetup(scenario), change);
        for (const seed of [3, 4, 5]) compared += compareLone(setup, seed, seen);
      }
    }
    expect(compared).toBeGreaterThan(200);
    // Lone Clashes absorbed at once and answered after a response, with every outcome.
    expect(seen.declared).toBeGreaterThan(50);
    expect(seen.answered).toBeGreaterThan(50);
    for (const outcome of ['attacker', 'defender', 'miss', 'both', 'standoff']) expect(seen[outcome] ?? 0, outcome).toBeGreaterThan(0);
  });

  it('R4.3 bothDamaged, R11 reroll and healthAtMost damage, R12 defenderRolls once: the same states as the general path', () => {
    const seen: Record<string, number> = {};
    const setup = mkSetup({
      a: [
        { id: 'x', die: 'd6', health: 3, effects: [{ reroll: 'once', when: { role: 'attacker' } }, { armor: 1, when: { role: 'defender' } }] },
        { id: 'x2', die: 'd8', health: 2, effects: [{ damage: 2, when: { healthAtMost: 1 } }] },
        { id: 'x3', die: 'd4', health: 2 },
      ],
      b: [
        { id: 'y', die: 'd8', health: 3, effects: [{ reroll: 'once', when: { role: 'defender' } }] },
        { id: 'y2', die: 'd6', health: 2, effects: [{ rollModifier: 1, when: { role: 'attacker' } }] },
        { id: 'y3', die: 'd6', health: 1 },
      ],
      ruleset: { clash: { tie: 'bothDamaged', defenderRolls: 'once', timing: 'simultaneous' } },
    });
    let compared = 0;
    for (let seed = 1; seed <= 30; seed++) compared += compareLone(setup, seed, seen);
    expect(compared).toBeGreaterThan(100);
    expect(seen.both ?? 0).toBeGreaterThan(0);
    expect(seen.defender ?? 0).toBeGreaterThan(0);
  });
});
