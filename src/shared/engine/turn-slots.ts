/**
 * A turn decision's Area slots (R2.4, R5.3): the deciding side's members that may take a turn
 * now, grouped by Area, with the active enemies there — what a turn's codes are enumerated from
 * (action-codes.ts). The runner's state is grouped from its turn index (turn-index.ts), any other
 * afresh; both give the same slots.
 */
import type { Compiled } from './compiled';
import { fit } from './action-buffer';
import { canTakeTurn } from './state';
import { IX, MAX_BITS, ix, lowBit, turnIndexOf } from './turn-index';
import type { BattleState } from './types';
import { FLAG } from './types';

/**
 * One turn decision's acting members grouped by Area (module-level: enumeration never re-enters),
 * filled by {@link groupTurn} (read-only elsewhere): Area slot i is Area `slotArea[i]`, in order of its first acting
 * member (as `legalActions` groups them); its acting members are `slotMembers[slotStart[i] ..
 * slotStart[i + 1] − 1]` and its active enemies `slotEnemies[enemyStart[i] .. enemyStart[i + 1] − 1]`,
 * both in member order.
 */
export let slots = 0;
export let slotArea = new Int32Array(8);
export let slotStart = new Int32Array(9);
export let slotMembers = new Int32Array(16);
export let enemyStart = new Int32Array(9);
export let slotEnemies = new Int32Array(16);
/**
 * Per slot: its acting members and its active enemies as bit masks over member indices — the
 * slot's team as a key (clash-code-cache.ts); 0 when the setup has more members than a mask holds.
 */
export let slotOwn = new Int32Array(8);
export let slotFoe = new Int32Array(8);
/** Per slot, the enumeration's own (action-codes.ts): its kept Clash-code entry (clash-code-cache.ts) and its number of Clash codes. */
export let slotEntry = new Int32Array(8);
export let slotClashes = new Int32Array(8);
/** Per member: its Area slot while grouping (−1: may not act). */
let slotOf = new Int32Array(16);

/** Per Area: its slot while grouping, else −1 (kept all −1 between decisions). */
let areaSlot = new Int32Array(8).fill(-1);

/** The setup whose every member fits the slot arrays (they only grow): reserving for it again is a no-op. */
let reservedFor: Compiled | null = null;

/** Grows the slot arrays for up to `acting` acting members (as many slots) and `enemies` enemies. */
function reserveSlots(acting: number, enemies: number): void {
  slotArea = fit(slotArea, acting);
  slotStart = fit(slotStart, acting + 1);
  enemyStart = fit(enemyStart, acting + 1);
  slotMembers = fit(slotMembers, acting);
  slotEnemies = fit(slotEnemies, enemies);
  slotOwn = fit(slotOwn, acting);
  slotFoe = fit(slotFoe, acting);
  slotEntry = fit(slotEntry, acting);
  slotClashes = fit(slotClashes, acting);
}

/** {@link groupTurn} from the turn index of the tracked state (turn-index.ts): the same slots, read from its masks. */
function groupIndexed(s: BattleState, c: Compiled): number {
  const index = ix;
  const own = index[IX.side + s.side]!;
  const foe = index[IX.side + 1 - s.side]!;
  if (reservedFor !== c) {
    reserveSlots(c.n, c.n);
    reservedFor = c;
  }
  const areaOf = slotArea;
  const start = slotStart;
  const ends = enemyStart;
  const members = slotMembers;
  const enemies = slotEnemies;
  let n = 0;
  let x = 0;
  let e = 0;
  // Acting members in member order: the first one not yet grouped opens its Area's slot (R2.4),
  // with all its acting members (then grouped) and its active enemies (R5.3), both in member order.
  for (let b = index[IX.readyAll]! & own; b !== 0; ) {
    const a = index[IX.placed + lowBit(b)]!;
    const acting = index[IX.readyIn + a]! & own;
    const facing = index[IX.activeIn + a]! & foe;
    b &= ~acting;
    areaOf[n] = a;
    start[n] = x;
    ends[n] = e;
    slotOwn[n] = acting;
    slotFoe[n] = facing;
    n++;
    for (let m = acting; m !== 0; m &= m - 1) members[x++] = lowBit(m);
    for (let t = facing; t !== 0; t &= t - 1) enemies[e++] = lowBit(t);
  }
  start[n] = x;
  ends[n] = e;
  slots = n;
  return n;
}

/**
 * Groups the deciding side's members that may take a turn now (R2.4) by Area; returns the number
 * of Areas. The runner's state is grouped from its turn index (turn-index.ts), any other afresh.
 */
export function groupTurn(s: BattleState, c: Compiled): number {
  if (turnIndexOf(s)) return groupIndexed(s, c);
  const from = c.first[s.side]!;
  const to = c.end[s.side]!;
  if (slotOf.length < c.n) slotOf = new Int32Array(2 * c.n);
  if (areaSlot.length < c.moveTo.length) areaSlot = new Int32Array(2 * c.moveTo.length).fill(-1);
  reserveSlots(to - from, c.n);
  // Module scratch read once into locals (hot loop).
  const of = slotOf;
  const slotAt = areaSlot;
  const areaOf = slotArea;
  const start = slotStart;
  const members = slotMembers;
  const ends = enemyStart;
  const enemies = slotEnemies;
  const area = s.area;
  const flags = s.flags;
  let n = 0;
  for (let m = from; m < to; m++) {
    if (!canTakeTurn(s, c, m)) {
      of[m] = -1;
      continue;
    }
    const a = area[m]!;
    let slot = slotAt[a]!;
    if (slot < 0) {
      slot = n;
      slotAt[a] = n;
      areaOf[n++] = a;
      start[n] = 0;
    }
    of[m] = slot;
    start[slot + 1]!++;
  }
  start[0] = 0;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  if (n === 1) {
    for (let m = from, x = 0; m < to; m++) if (of[m]! >= 0) members[x++] = m;
  } else {
    // In member order per slot: a running end per slot (in `ends`, before it holds the enemies' starts).
    for (let i = 0; i < n; i++) ends[i] = start[i]!;
    for (let m = from; m < to; m++) if (of[m]! >= 0) members[ends[of[m]!]!++] = m;
  }
  // Active enemies (R5.3) by the slot of their Area (−1: no acting member there), counted, then
  // placed in member order per slot.
  const efrom = c.first[1 - s.side]!;
  const eto = c.end[1 - s.side]!;
  for (let i = 0; i <= n; i++) ends[i] = 0;
  for (let x = efrom; x < eto; x++) {
    const slot = (flags[x]! & FLAG.out) === 0 ? slotAt[area[x]!]! : -1;
    of[x] = slot;
    if (slot >= 0) ends[slot + 1]!++;
  }
  for (let i = 0; i < n; i++) ends[i + 1]! += ends[i]!;
  for (let x = efrom; x < eto; x++) if (of[x]! >= 0) enemies[ends[of[x]!]!++] = x;
  // Each running end is now the next slot's start: shift back.
  for (let i = n; i > 0; i--) ends[i] = ends[i - 1]!;
  ends[0] = 0;
  for (let i = 0; i < n; i++) slotAt[areaOf[i]!] = -1;
  slots = n;
  masksOf(c, n);
  return n;
}

/** {@link slotOwn} / {@link slotFoe} of slots grouped afresh, from their lists. */
function masksOf(c: Compiled, n: number): void {
  const wide = c.n > MAX_BITS;
  for (let i = 0; i < n; i++) {
    let own = 0;
    let foe = 0;
    if (!wide) {
      for (let x = slotStart[i]!; x < slotStart[i + 1]!; x++) own |= 1 << slotMembers[x]!;
      for (let x = enemyStart[i]!; x < enemyStart[i + 1]!; x++) foe |= 1 << slotEnemies[x]!;
    }
    slotOwn[i] = own;
    slotFoe[i] = foe;
  }
}

