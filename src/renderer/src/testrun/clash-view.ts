/**
 * The Clash shown with the board (issue 17, item 5): the latest Clash of the round up to the
 * timeline cursor, pair by pair — each die with its raw value, cap and modifiers as the log
 * says, the results, the winner — and the damage it dealt, with each member's Health before and
 * at the cursor (the pips that were lost). Pure: a function of a session and a cursor.
 */
import { describeEvent } from '../../../shared/engine';
import type { BattleEvent, DieRoll, MemberKey, PendingPair } from '../../../shared/engine';
import type { PlaySession } from './play-session';

/** One die as rolled (R1.4, R1.5, R11 rollModifier). */
export interface DieView {
  die: string;
  raw: number;
  cap: number;
  modifiers: number;
  final: number;
  /** The raw value was above the max roll and was cut to it. */
  capped: boolean;
  /** False for a discarded die (keepHighest, a replaced roll). */
  kept: boolean;
  reroll: boolean;
  /** The log's line for this die. */
  text: string;
}

/** A member taking part in a pair, with the dice it rolled there. */
export interface RollerView {
  key: MemberKey;
  name: string;
  sideIndex: 0 | 1;
  dice: DieView[];
}

/** One attacker/target pair (R4.1), resolved or not yet. */
export interface PairView {
  attackers: RollerView[];
  /** A Swarm or keepHighest group's combined roll (R6.2, R12), or null for one attacker. */
  group: { mode: PendingPair['mode']; best: number; bonus: number; final: number } | null;
  target: { key: MemberKey; name: string; sideIndex: 0 | 1 };
  /** The member rolling against the attackers, or null when the target absorbs (R4.4). */
  defender: RollerView | null;
  attackerResult: number;
  defenderResult: number | null;
  outcome: Extract<BattleEvent, { type: 'pairResolved' }>['outcome'];
  /** Who won the pair: the attackers, the defender, both hurt (a `bothDamaged` tie) or nobody. */
  winner: 'attacker' | 'defender' | 'both' | null;
  /** The log's lines for the pair: its dice, then its result. */
  lines: string[];
}

/** Damage a member took in the Clash. */
export interface HitView {
  key: MemberKey;
  name: string;
  sideIndex: 0 | 1;
  amount: number;
  /** Damage stopped by armor (R11 armor). */
  armor: number;
  /** Health before the Clash and at the cursor. */
  before: number;
  health: number;
  maxHealth: number;
  lastStand: boolean;
  incapacitated: boolean;
  fled: boolean;
}

/** The Clash at the cursor. */
export interface ClashView {
  /** Index of its `clashDeclared` event, and of its last event shown (≤ the cursor). */
  start: number;
  last: number;
  /** True when every event of the Clash is at or before the cursor. */
  complete: boolean;
  side: 0 | 1;
  sideName: string;
  round: number;
  /** "Warden-7 → Brute", one per declared attack. */
  attacks: string[];
  pairs: PairView[];
  hits: HitView[];
  /** Log lines of what else the Clash caused: Last Stands, losses, flight, points. */
  notes: string[];
}

/** Events that belong to the Clash declared before them (everything its resolution produces). */
const CLASH_EVENTS = new Set<BattleEvent['type']>([
  'responses',
  'dieRolled',
  'groupRolled',
  'pairResolved',
  'damage',
  'lastStand',
  'lastStandLoss',
  'incapacitated',
  'swarmLoss',
  'scored',
  'morale',
  'fled',
  'progressReset',
]);

const NOTE_EVENTS = new Set<BattleEvent['type']>(['lastStand', 'lastStandLoss', 'incapacitated', 'swarmLoss', 'scored', 'morale', 'fled', 'progressReset']);

/** Index range of the latest Clash of the round at or before `cursor`, or null. */
export function clashRange(s: PlaySession, cursor: number): { start: number; end: number } | null {
  const c = Math.min(cursor, s.events.length - 1);
  let start = -1;
  for (let i = c; i >= 0; i--) {
    const t = s.events[i]!.type;
    if (t === 'clashDeclared') {
      start = i;
      break;
    }
    if (t === 'roundStarted') return null;
  }
  if (start < 0) return null;
  let end = start;
  while (end + 1 < s.events.length && CLASH_EVENTS.has(s.events[end + 1]!.type)) end++;
  return { start, end };
}

/** The Clash to show with the cursor on event `cursor` (see the module comment), or null. */
export function clashAt(s: PlaySession, cursor: number): ClashView | null {
  const range = clashRange(s, cursor);
  if (range === null) return null;
  const setup = s.setup;
  const profile = new Map(
    setup.sides.flatMap((side, si) => side.members.map((m) => [m.key, { name: m.name, sideIndex: si as 0 | 1, maxHealth: m.maxHealth }] as const)),
  );
  const keys = setup.sides.flatMap((side) => side.members.map((m) => m.key));
  const before = s.states[Math.max(0, s.producedBy[range.start]!)]!;
  const healthBefore = new Map(keys.map((k, i) => [k, before.health[i]!]));
  const nameOf = (k: MemberKey): string => profile.get(k)?.name ?? k;
  const sideOf = (k: MemberKey): 0 | 1 => profile.get(k)?.sideIndex ?? 0;
  const roller = (k: MemberKey, dice: DieView[]): RollerView => ({ key: k, name: nameOf(k), sideIndex: sideOf(k), dice });
  const declared = s.events[range.start] as Extract<BattleEvent, { type: 'clashDeclared' }>;
  const last = Math.min(range.end, cursor);
  const pairs: PairView[] = [];
  const hits = new Map<MemberKey, HitView>();
  const notes: string[] = [];
  let dice: (DieRoll & { text: string })[] = [];
  let group: PairView['group'] = null;
  const dieView = (d: DieRoll & { text: string }): DieView => ({
    die: d.die,
    raw: d.raw,
    cap: d.cap,
    modifiers: d.modifiers,
    final: d.final,
    capped: d.raw > d.cap,
    kept: d.kept,
    reroll: d.purpose === 'reroll',
    text: d.text,
  });
  for (let i = range.start + 1; i <= last; i++) {
    const e = s.events[i]!;
    if (e.type === 'dieRolled') {
      if (e.purpose === 'clash' || e.purpose === 'reroll') dice.push({ ...e, text: describeEvent(e, setup) });
    } else if (e.type === 'groupRolled') group = { mode: e.mode, best: e.best, bonus: e.bonus, final: e.final };
    else if (e.type === 'pairResolved') {
      const of = (k: MemberKey): DieView[] => dice.filter((d) => d.member === k).map(dieView);
      pairs.push({
        attackers: e.attackers.map((k) => roller(k, of(k))),
        group: e.attackers.length > 1 || group !== null ? (group ?? { mode: 'group', best: e.attackerResult, bonus: 0, final: e.attackerResult }) : null,
        target: { key: e.target, name: nameOf(e.target), sideIndex: sideOf(e.target) },
        defender: e.defender === null ? null : roller(e.defender, of(e.defender)),
        attackerResult: e.attackerResult,
        defenderResult: e.defenderResult,
        outcome: e.outcome,
        winner: e.outcome === 'attacker' ? 'attacker' : e.outcome === 'defender' ? 'defender' : e.outcome === 'both' ? 'both' : null,
        lines: [...dice.map((d) => d.text), describeEvent(e, setup)],
      });
      dice = [];
      group = null;
    } else if (e.type === 'damage') {
      const p = profile.get(e.member);
      const h = hits.get(e.member);
      if (h) {
        h.amount += e.amount;
        h.armor += e.armor;
        h.health = e.health;
      } else
        hits.set(e.member, {
          key: e.member,
          name: nameOf(e.member),
          sideIndex: sideOf(e.member),
          amount: e.amount,
          armor: e.armor,
          before: healthBefore.get(e.member) ?? e.health + e.amount,
          health: e.health,
          maxHealth: p?.maxHealth ?? e.health,
          lastStand: false,
          incapacitated: false,
          fled: false,
        });
    }
    if (NOTE_EVENTS.has(e.type)) notes.push(describeEvent(e, setup));
    if (e.type === 'lastStand' || e.type === 'incapacitated' || e.type === 'fled') {
      const h = hits.get(e.member);
      if (h) h[e.type] = true;
    }
  }
  const side = setup.sides.findIndex((x) => x.id === declared.side);
  return {
    start: range.start,
    last,
    complete: range.end <= cursor,
    side: side === 1 ? 1 : 0,
    sideName: setup.sides[side === 1 ? 1 : 0].name,
    round: before.round,
    attacks: declared.attacks.map((a) => `${nameOf(a.attacker)} → ${nameOf(a.target)}`),
    pairs,
    hits: [...hits.values()],
    notes,
  };
}

/**
 * Starts of the Clashes that rolled a pair among the events after `from` up to `to`, in order:
 * what a forward move of the cursor from `from` to `to` newly resolved.
 */
export function clashesSince(s: PlaySession, from: number, to: number): number[] {
  const out: number[] = [];
  const last = Math.min(to, s.events.length - 1);
  for (let i = Math.max(0, from + 1); i <= last; i++) {
    if (s.events[i]!.type !== 'pairResolved') continue;
    const r = clashRange(s, i);
    if (r !== null && r.end >= i && !out.includes(r.start)) out.push(r.start);
  }
  return out;
}

/** Health lost in `clash` per member (for the pips that empty as the Clash resolves). */
export function pipsLost(clash: ClashView): Map<MemberKey, number> {
  return new Map(clash.hits.filter((h) => h.before > h.health).map((h) => [h.key, h.before - h.health]));
}
