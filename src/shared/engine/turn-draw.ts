/**
 * A turn decision counted and one code drawn from it (R2.4, R3.1, R8, R9), for a bot that picks
 * uniformly over `legalActions`' list (bots/random.ts): {@link turnCodeCount} is the number of
 * codes `enumerateActions` writes for the turn and {@link turnCodeAt} its k-th code, with the
 * Clash team of that code's Area set in the buffer — the same count and the same index→code
 * mapping, so the same draws give the same actions.
 *
 * For the runner's tracked state (turn-index.ts) whose Clash codes are kept (clash-code-cache.ts)
 * and whose Swarms are not recorded, the turn is not grouped into member lists: the Areas are read
 * from the index's masks in the order `groupTurn` gives them (by their first acting member), an
 * Area's Clash codes are counted from a memo per Area and side — the number of codes of the team
 * last seen there (its acting members and active enemies, as masks), which follows from the team
 * alone for such a setup, as the kept codes themselves do — and an Area's member codes are its
 * acting members times (moves + interacts + Hold). Only the drawn code's Area is listed. Any other
 * state goes through the grouped enumeration (action-codes.ts).
 */
import { ACT, fit, pack } from './action-buffer';
import type { ActionBuffer } from './action-buffer';
import { memberCodeAt, memberCodeCount, turnClashCodeAt, turnClashCount } from './action-codes';
import { keptClashCodes, keptCode, keptN, startKeeping } from './clash-code-cache';
import { shapeClashOrder } from './clash-codes';
import type { Compiled } from './compiled';
import { canInteract } from './objectives';
import { freshSwarmModes } from './swarm-groups';
import { activeIn, placedAt, readyAll, readyIn, sideBits, turnIndexOf } from './turn-index';
import type { BattleState } from './types';

/** Index of the lowest set bit of a non-zero mask. */
const lowBit = (b: number): number => 31 - Math.clz32(b & -b);

/** Number of set bits of a mask. */
const bitCount = (b: number): number => {
  let x = b - ((b >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 63;
};

/** The setup the memo below is for. */
let memoFor: Compiled | null = null;
/**
 * Per Area and side (`2 × Area + side`): the team last counted there — acting members and active
 * enemies as masks (own 0: none) — its number of Clash codes, and their order when the team's
 * shape gives them (`shapeClashOrder`, read-only arrays), else null (codes kept per team). Valid
 * for the setup's whole life: a team's Clash codes follow from the team and the setup alone
 * whenever they are kept (`startKeeping` true: `steadySwarms`), and the draw path is only taken then.
 */
let memoOwn = new Int32Array(0);
let memoFoe = new Int32Array(0);
let memoN = new Int32Array(0);
let memoOrder: (Int32Array | null)[] = [];

/** The decision counted last: whether without grouping, and then its Areas (as `groupTurn` orders them) with their teams, Clash codes and member codes per acting member. */
let lean = false;
let count = 0;
let clashTotal = 0;
let drawArea = new Int32Array(8);
let drawOwn = new Int32Array(8);
let drawFoe = new Int32Array(8);
let drawClashes = new Int32Array(8);
let drawPer = new Int32Array(8);
/** One Area's team listed in member order (a memo miss, or the drawn Clash code's Area). */
let teamMembers = new Int32Array(16);
let teamEnemies = new Int32Array(16);

/** Starts the memo for setup `c`. */
function startMemo(c: Compiled): void {
  memoFor = c;
  const r = 2 * c.moveTo.length;
  memoOwn = new Int32Array(r);
  memoFoe = new Int32Array(r);
  memoN = new Int32Array(r);
  memoOrder = new Array<Int32Array | null>(r).fill(null);
  drawArea = fit(drawArea, c.n);
  drawOwn = fit(drawOwn, c.n);
  drawFoe = fit(drawFoe, c.n);
  drawClashes = fit(drawClashes, c.n);
  drawPer = fit(drawPer, c.n);
  teamMembers = fit(teamMembers, c.n);
  teamEnemies = fit(teamEnemies, c.n);
}

/** Lists masks `own` and `foe` into {@link teamMembers} / {@link teamEnemies} in member order. */
function listTeam(own: number, foe: number): void {
  let x = 0;
  for (let b = own; b !== 0; b &= b - 1) teamMembers[x++] = lowBit(b);
  x = 0;
  for (let b = foe; b !== 0; b &= b - 1) teamEnemies[x++] = lowBit(b);
}

/**
 * Clash codes of Area `area`'s team (`own` over `foe`, foe ≠ 0) as the grouped enumeration counts
 * them (its shape's order, else the kept entry, computed and kept when new); remembered at `r`.
 */
function teamClashes(s: BattleState, c: Compiled, buf: ActionBuffer, area: number, own: number, foe: number, r: number): number {
  listTeam(own, foe);
  const na = bitCount(own);
  const nt = bitCount(foe);
  const order = shapeClashOrder(s, c, area, own, teamMembers, 0, na, nt);
  let n: number;
  if (order !== null) n = order.length;
  else {
    keptClashCodes(s, c, area, own, foe, teamMembers, 0, na, teamEnemies, 0, nt, buf, false);
    n = keptN;
  }
  memoOwn[r] = own;
  memoFoe[r] = foe;
  memoN[r] = n;
  memoOrder[r] = order;
  return n;
}

/**
 * Interacts open to the acting members of Area `area` (R9.1; `enemies`: active enemies there):
 * `canInteract` reads a member's Area and side only, so the first acting member `m` answers for all.
 */
function interactsOf(s: BattleState, c: Compiled, area: number, m: number, enemies: boolean): number {
  const objectives = c.interactAt[area]!;
  let n = 0;
  for (let j = 0; j < objectives.length; j++) if (canInteract(s, c, m, objectives[j]!, enemies)) n++;
  return n;
}

/**
 * Starts a turn decision in `buf` (cleared, Swarm modes afresh) and returns the number of its codes
 * — `enumerateActions`' count; code k is {@link turnCodeAt}. Only for a state in the `turn` phase.
 */
export function turnCodeCount(s: BattleState, c: Compiled, buf: ActionBuffer): number {
  if (!turnIndexOf(s) || buf.recordSwarms || !startKeeping(c)) {
    lean = false;
    clashTotal = turnClashCount(s, c, buf);
    return clashTotal + memberCodeCount(s, c);
  }
  buf.clear();
  freshSwarmModes(c);
  if (memoFor !== c) startMemo(c);
  lean = true;
  const side = s.side;
  const own = sideBits[side]!;
  const foe = sideBits[1 - side]!;
  let n = 0;
  let clashes = 0;
  let members = 0;
  // Areas in order of their first acting member (R2.4), each with all its acting members.
  for (let b = readyAll & own; b !== 0; ) {
    const area = placedAt[lowBit(b)]!;
    const acting = readyIn[area]! & own;
    const facing = activeIn[area]! & foe;
    b &= ~acting;
    let k = 0;
    if (facing !== 0) {
      const r = 2 * area + side;
      k = memoOwn[r] === acting && memoFoe[r] === facing ? memoN[r]! : teamClashes(s, c, buf, area, acting, facing, r);
    }
    const objectives = c.interactAt[area]!.length;
    const per = c.moveTo[area]!.length + (objectives === 0 ? 0 : interactsOf(s, c, area, lowBit(acting), facing !== 0)) + 1;
    drawArea[n] = area;
    drawOwn[n] = acting;
    drawFoe[n] = facing;
    drawClashes[n] = k;
    drawPer[n] = per;
    clashes += k;
    members += bitCount(acting) * per;
    n++;
  }
  count = n;
  clashTotal = clashes;
  return clashes + members;
}

/** Code `k` (below {@link turnCodeCount}) of the decision it started with `buf`: a Clash code's Area gets its team set in `buf`. */
export function turnCodeAt(s: BattleState, c: Compiled, k: number, buf: ActionBuffer): number {
  if (!lean) return k < clashTotal ? turnClashCodeAt(k, buf) : memberCodeAt(s, c, k - clashTotal);
  let left = k;
  if (left < clashTotal) {
    for (let i = 0; i < count; i++) {
      const n = drawClashes[i]!;
      if (left >= n) {
        left -= n;
        continue;
      }
      const area = drawArea[i]!;
      const own = drawOwn[i]!;
      const foe = drawFoe[i]!;
      const na = bitCount(own);
      const nt = bitCount(foe);
      listTeam(own, foe);
      buf.setTeam(area, teamMembers, 0, na, teamEnemies, 0, nt);
      const order = memoOrder[2 * area + s.side]!;
      if (order !== null) return pack(ACT.clash, area, order[left]! >> 1, order[left]! & 1);
      // Kept per team: its entry (computed again, the same codes, if the table was dropped since).
      return keptCode(keptClashCodes(s, c, area, own, foe, teamMembers, 0, na, teamEnemies, 0, nt, buf, false), left);
    }
  }
  left -= clashTotal;
  for (let i = 0; i < count; i++) {
    const per = drawPer[i]!;
    const own = drawOwn[i]!;
    const n = bitCount(own) * per;
    if (left >= n) {
      left -= n;
      continue;
    }
    // The (left / per)-th acting member, then its moves (R8.2), interacts (R9.1) and Hold.
    let b = own;
    for (let j = Math.floor(left / per); j > 0; j--) b &= b - 1;
    const m = lowBit(b);
    left %= per;
    const area = drawArea[i]!;
    const moves = c.moveTo[area]!;
    if (left < moves.length) return pack(ACT.move, m, moves[left]!, 0);
    left -= moves.length;
    if (left === per - moves.length - 1) return pack(ACT.hold, m, 0, 0);
    const objectives = c.interactAt[area]!;
    const enemies = drawFoe[i] !== 0;
    for (let j = 0; j < objectives.length; j++) {
      if (!canInteract(s, c, m, objectives[j]!, enemies)) continue;
      if (left === 0) return pack(ACT.interact, m, objectives[j]!, 0);
      left--;
    }
  }
  throw new Error(`turnCodeAt: no code ${k} in this decision`);
}

/** Whether the decision counted last was counted without grouping (tests: the path under test was taken). */
export const turnCountedLean = (): boolean => lean;
