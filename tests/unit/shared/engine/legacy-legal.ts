/**
 * The action listing of `legalActions` as it was before issue 13 (objects built directly), kept
 * as the test oracle of the code enumeration (action-codes.ts): same actions, same order.
 */
import { destinations } from '../../../../src/shared/engine/actions';
import { interceptorsFor, swarmMode } from '../../../../src/shared/engine/clash';
import { compile } from '../../../../src/shared/engine/compiled';
import type { Compiled } from '../../../../src/shared/engine/compiled';
import { canInteract } from '../../../../src/shared/engine/objectives';
import { declareActions, dropActions } from '../../../../src/shared/engine/phased-options';
import { canTakeTurn, enemiesIn, isActive, isReady } from '../../../../src/shared/engine/state';
import type { Action, AttackDecl, BattleState, MemberKey } from '../../../../src/shared/engine/types';

const CLASH_ASSIGNMENT_CAP = 64;
const RESPONSE_SUBSET_LIMIT = 6;

/** Swarm eligibility of (attacker, target) as {@link swarmMode}, computed once per pair per listing. */
type ModeOf = (m: number, target: number) => string | null;

function swarmsFor(s: BattleState, c: Compiled, attacks: [number, number][], modeOf: ModeOf): MemberKey[][] {
  const min = s.setup.ruleset.swarm.minSize;
  const out: MemberKey[][] = [];
  if (attacks.length < min) return out;
  // Fast exit, allocation-free: no target has enough attackers for a Swarm (most assignments).
  let most = 0;
  for (let i = 0; i < attacks.length && most < min; i++) {
    let n = 0;
    for (let j = 0; j < attacks.length; j++) if (attacks[j]![1] === attacks[i]![1]) n++;
    if (n > most) most = n;
  }
  if (most < min) return out;
  const byTarget = new Map<number, number[]>();
  for (const [a, t] of attacks) {
    const list = byTarget.get(t);
    if (list === undefined) byTarget.set(t, [a]);
    else list.push(a);
  }
  for (const [t, list] of byTarget) {
    if (list.length < min) continue;
    const wild = list.filter((m) => modeOf(m, t) === 'always');
    const byDie = new Map<string, number[]>();
    for (const m of list) {
      const mode = modeOf(m, t);
      if (mode === 'never' || mode === 'always') continue;
      const group = byDie.get(c.members[m]!.die);
      if (group === undefined) byDie.set(c.members[m]!.die, [m]);
      else group.push(m);
    }
    let best: number[] = [];
    for (const group of byDie.values()) if (group.length > best.length) best = group;
    const swarm = [...best, ...wild].sort((x, y) => x - y);
    if (swarm.length >= min) out.push(swarm.map((m) => c.members[m]!.key));
  }
  return out;
}

function clashActions(s: BattleState, c: Compiled, side: string, attackers: number[], targets: number[]): Action[] {
  const out: Action[] = [];
  // swarmMode evaluates effects: once per (attacker, target) here instead of once per listed Clash.
  const modes = new Map<number, string | null>();
  const modeOf: ModeOf = (m, t) => {
    const k = m * c.n + t;
    let mode = modes.get(k);
    if (mode === undefined) {
      mode = swarmMode(s, c, m, t);
      modes.set(k, mode);
    }
    return mode;
  };
  const push = (attacks: [number, number][]): void => {
    const decl: AttackDecl[] = attacks.map(([a, t]) => ({ attacker: c.members[a]!.key, target: c.members[t]!.key }));
    out.push({ type: 'clash', side, attacks: decl });
    const swarms = swarmsFor(s, c, attacks, modeOf);
    if (swarms.length > 0) out.push({ type: 'clash', side, attacks: decl, swarms });
  };
  const options = targets.length + 1;
  if (Math.pow(options, attackers.length) - 1 <= CLASH_ASSIGNMENT_CAP) {
    const total = Math.pow(options, attackers.length);
    for (let code = 1; code < total; code++) {
      const attacks: [number, number][] = [];
      let x = code;
      for (const a of attackers) {
        const choice = x % options;
        x = Math.floor(x / options);
        if (choice > 0) attacks.push([a, targets[choice - 1]!]);
      }
      push(attacks);
    }
    return out;
  }
  for (const a of attackers) for (const t of targets) push([[a, t]]);
  if (attackers.length > 1) for (const t of targets) push(attackers.map((a) => [a, t] as [number, number]));
  return out;
}

function turnActions(s: BattleState, c: Compiled): Action[] {
  const sideIdx = s.side;
  const side = s.setup.sides[sideIdx]!.id;
  const out: Action[] = [];
  const [from, to] = c.range[sideIdx]!;
  const [efrom, eto] = c.range[1 - sideIdx]!;
  const byArea = new Map<number, number[]>();
  for (let m = from; m < to; m++) {
    if (!canTakeTurn(s, c, m)) continue;
    const list = byArea.get(s.area[m]!);
    if (list === undefined) byArea.set(s.area[m]!, [m]);
    else list.push(m);
  }
  for (const [area, attackers] of byArea) {
    const targets: number[] = [];
    for (let e = efrom; e < eto; e++) if (s.area[e] === area && isActive(s, e)) targets.push(e);
    if (targets.length > 0) out.push(...clashActions(s, c, side, attackers, targets));
  }
  for (const members of byArea.values()) {
    for (const m of members) {
      const key = c.members[m]!.key;
      for (const a of destinations(s, c, m)) out.push({ type: 'move', side, member: key, to: s.setup.areas[a]!.id });
      const enemies = enemiesIn(s, c, s.area[m]!, sideIdx);
      c.objectives.forEach((o, i) => {
        if (canInteract(s, c, m, i, enemies)) out.push({ type: 'interact', side, member: key, objective: o.def.id });
      });
      out.push({ type: 'hold', side, member: key });
    }
  }
  return out;
}

function responseActions(s: BattleState, c: Compiled): Action[] {
  const p = s.pending!;
  const side = s.setup.sides[s.side]!.id;
  const targets: number[] = [];
  for (const pair of p.pairs) if (!targets.includes(pair.target)) targets.push(pair.target);
  const ready = targets.filter((t) => isReady(s, c, t));
  const build = (defend: Set<number>): Record<string, 'defend' | 'absorb'> => {
    const r: Record<string, 'defend' | 'absorb'> = {};
    for (const t of targets) r[c.members[t]!.key] = defend.has(t) ? 'defend' : 'absorb';
    return r;
  };
  const out: Action[] = [];
  if (ready.length <= RESPONSE_SUBSET_LIMIT) {
    for (let mask = 0; mask < 1 << ready.length; mask++) out.push({ type: 'respond', side, responses: build(new Set(ready.filter((_, i) => (mask >> i) & 1))) });
  } else {
    out.push({ type: 'respond', side, responses: build(new Set()) }, { type: 'respond', side, responses: build(new Set(ready)) });
    for (const t of ready) out.push({ type: 'respond', side, responses: build(new Set([t])) });
  }
  if (s.setup.ruleset.clash.interception) {
    for (const t of targets) {
      for (const i of interceptorsFor(s, c, t, targets)) {
        const responses = build(new Set(ready.filter((x) => x !== t && x !== i)));
        delete responses[c.members[t]!.key];
        out.push({ type: 'respond', side, responses, interceptors: { [c.members[t]!.key]: c.members[i]!.key } });
      }
    }
  }
  return out;
}

/** The old `legalActions`. */
export function legacyLegalActions(state: BattleState): Action[] {
  const c = compile(state.setup);
  if (state.phase === 'ended') return [];
  if (state.phase === 'respond') return responseActions(state, c);
  if (state.phase === 'declare') return declareActions(state, c);
  if (state.phase === 'drop') return dropActions(state);
  if (state.phase === 'swarmLoss') {
    const side = state.setup.sides[state.side]!.id;
    return state.pending!.lossChoices.map((m) => ({ type: 'swarmLoss', side, member: c.members[m]!.key }));
  }
  return turnActions(state, c);
}
