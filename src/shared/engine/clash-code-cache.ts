/**
 * Clash codes kept per Area team (R3.1, R6.1). An Area's Clash codes follow from its team alone —
 * the deciding side's members there that may take a turn and the active enemies there, both in
 * member order — and the setup (dice, `swarm` effects, `swarm.minSize`), as long as no `swarm`
 * effect reads a member's health or the round (`Compiled.steadySwarms`; the Area, the opponent
 * and the role are fixed by the team). So the codes computed for a team are kept, keyed by the
 * Area and the team (two bit masks), and a later decision with the same team — later in the
 * battle, or in any later battle of the setup, which all start alike — reads them instead of
 * computing them again.
 *
 * One source of truth: the key is the team itself, read from the decision's own Area slots (the
 * turn index or a fresh grouping, action-codes.ts), so a kept entry can only ever be used for the
 * team it was computed for; nothing has to be told when the state changes. Enumeration runs with
 * the coverage recorder off (the runner's bots decide so; nothing else enumerates while a battle
 * is recorded), so skipping the Swarm-mode queries marks nothing less. `keepClashCodes(false)`
 * turns keeping off (tests compare the kept codes with a fresh computation after every step).
 *
 * Storage: an open-addressing table whose slot holds an entry's key and where its codes are, side
 * by side in one typed array (a lookup reads one cache line), and pools of codes, of each Swarm
 * variant's record reference and of Swarm records (decisions that record Swarms: bots' scoring).
 * The table grows, or when it is at its largest or a pool is full everything kept is dropped, only
 * at the start of a decision ({@link startKeeping}): bounded memory, entries stable within a
 * decision, and the codes the same either way.
 */
import { argC } from './action-buffer';
import type { ActionBuffer } from './action-buffer';
import { clashCodes } from './clash-codes';
import type { Compiled } from './compiled';
import { MAX_BITS } from './turn-index';
import type { BattleState } from './types';

/** Most table slots (entries stay below half of them; tests lower it) and most codes / record entries pooled before everything is dropped. */
const MAX_SLOTS = 1 << 15;
let maxSlots = MAX_SLOTS;
const MAX_POOLED = 1 << 18;
/** Most entries one decision can add: one per Area slot, at most one per member. */
const DECISION_ENTRIES = MAX_BITS;

/** Whether codes are kept (tests turn it off to compute afresh). */
let keeping = true;
/** The setup the kept entries belong to. */
let keptFor: Compiled | null = null;

/**
 * The table: slot i is `table[4i .. 4i + 3]` — the team's acting members and enemies as masks (own
 * 0: an empty slot), Area × 2 + 1 when its Swarms were recorded (`TAG_BITS` bits) with the
 * number of its codes above, and where its codes start in {@link codePool} (after a header: where
 * its Swarm records start in {@link tablePool} and their length, −1 when not recorded). A power of
 * two of slots, 16 bytes each: a probe reads one cache line. Its layout is a const enum: esbuild
 * writes the members as literals, where a module `const` is a context load at each use.
 */
const enum K {
  STRIDE = 4,
  OWN = 0,
  FOE = 1,
  TAG_N = 2,
  CODES_AT = 3,
  TAG_BITS = 13,
  TAG_MASK = (1 << TAG_BITS) - 1,
}
/** Header entries before an entry's codes in {@link codePool}. */
const enum POOL {
  HEADER = 2,
}
const FIRST_SLOTS = 256;
let slotCount = FIRST_SLOTS;
let table = new Int32Array(K.STRIDE * slotCount);
let entries = 0;
/** Kept codes; per kept code of a recorded entry, its Swarm record reference (`ActionBuffer.pushKept`); kept Swarm records. */
let codePool = new Int32Array(1024);
let refPool = new Int32Array(1024);
let codesEnd = 0;
let tablePool = new Int32Array(256);
let tableEnd = 0;

/**
 * Turns keeping Clash codes on (the default) or off (every Area computed afresh and nothing kept,
 * for tests); what is kept stays valid. `slots` caps the table (tests: dropping everything when
 * full), by default its largest size.
 */
export function keepClashCodes(on: boolean, slots = MAX_SLOTS): void {
  keeping = on;
  maxSlots = slots;
  keepingFor = null;
}

/** Drops every kept entry (a new setup, or a pool or the table full). */
function dropAll(): void {
  table.fill(0);
  recentOwn.fill(0);
  entries = 0;
  codesEnd = 0;
  tableEnd = 0;
}

/** Doubles the table, keeping its entries. */
function growTable(): void {
  // Entries move: the memo of recent entries is forgotten.
  recentOwn.fill(0);
  const old = table;
  slotCount *= 2;
  table = new Int32Array(K.STRIDE * slotCount);
  for (let i = 0; i < old.length; i += K.STRIDE) {
    if (old[i + K.OWN] === 0) continue;
    const j = slotOf(old[i + K.OWN]!, old[i + K.FOE]!, old[i + K.TAG_N]! & K.TAG_MASK);
    for (let k = 0; k < K.STRIDE; k++) table[j + k] = old[i + k]!;
  }
}

/** The table offset of key (own, foe, tag): where it is kept, else the empty slot where it would go. */
function slotOf(own: number, foe: number, tag: number): number {
  // Murmur3's finaliser over the three words: every key bit reaches the low bits the mask keeps.
  let h = Math.imul(own ^ Math.imul(foe, 0x9e3779b1) ^ Math.imul(tag + 1, 0x7feb352d), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  const mask = slotCount - 1;
  const t = table;
  for (let i = h & mask; ; i = (i + 1) & mask) {
    const at = i * K.STRIDE;
    const k = t[at + K.OWN]!;
    if (k === 0 || (k === own && t[at + K.FOE] === foe && (t[at + K.TAG_N]! & K.TAG_MASK) === tag)) return at;
  }
}

/**
 * The setup {@link keepsCodes} last answered true for, until keeping is turned on or off
 * ({@link keepClashCodes}): the answer for it stays true, so a caller asking at every decision (the
 * random bot's turn) compares `c` with it first and asks only when they differ.
 */
export let keepingFor: Compiled | null = null;

/** Whether codes are kept for setup `c` (what {@link startKeeping} answers, without starting a decision's use); notes `c` in {@link keepingFor} when they are. */
export function keepsCodes(c: Compiled): boolean {
  // `=== true`: a module variable's (or a field's) boolean is otherwise tested as any value would be.
  const on = keeping === true && c.steadySwarms === true && c.n <= MAX_BITS;
  keepingFor = on ? c : null;
  return on;
}

/**
 * Starts a decision's use of the kept codes for setup `c`: false when nothing is kept for it
 * (keeping off, Swarm modes that follow the state, too many members for masks). Makes room for
 * the decision's new entries: drops everything kept for another setup, grows the table, or drops
 * everything when the table is at its largest or a pool is full — never during a decision, whose
 * entries stay where they are until the next one starts.
 */
export function startKeeping(c: Compiled): boolean {
  if (!keepsCodes(c)) return false;
  if (keptFor !== c) {
    keptFor = c;
    if (recentOwn.length < 4 * c.moveTo.length) {
      recentOwn = new Int32Array(4 * c.moveTo.length);
      recentFoe = new Int32Array(recentOwn.length);
      recentEntry = new Int32Array(recentOwn.length);
      recentN = new Int32Array(recentOwn.length);
    }
    // A new setup starts with a small table (a few Areas' teams fit in few cache lines).
    slotCount = Math.min(FIRST_SLOTS, maxSlots);
    table = new Int32Array(K.STRIDE * slotCount);
    dropAll();
  }
  while (2 * (entries + DECISION_ENTRIES) > slotCount) {
    if (slotCount >= maxSlots) {
      dropAll();
      break;
    }
    growTable();
  }
  if (codesEnd > MAX_POOLED || tableEnd > MAX_POOLED) dropAll();
  return true;
}

/**
 * Per Area, recording and deciding side (`4 × Area + 2 × recorded + side`): the last entry read,
 * its key and its number of codes — most Areas' teams are as they were at the side's last turn,
 * and this small memo answers them without reaching into the table.
 */
let recentOwn = new Int32Array(0);
let recentFoe = new Int32Array(0);
let recentEntry = new Int32Array(0);
let recentN = new Int32Array(0);

/** The number of Clash codes of the entry {@link keptClashCodes} or {@link keptPlace} returned last. */
export let keptN = 0;

/**
 * The place of the kept entry of Area `area`'s Clash codes for the team of side `side` (acting
 * members `own`, active enemies `foe`) with `recorded` Swarms, for setup `c` — its number of codes
 * is then {@link keptN} — or −1 when none is kept (then only {@link keptClashCodes} computes it).
 * Read-only and needs no {@link startKeeping} (entries stay where they are until the next one):
 * entries kept for another setup are never read.
 */
export function keptPlace(c: Compiled, area: number, own: number, foe: number, side: number, recorded: boolean): number {
  if (keptFor !== c) return -1;
  const tag = 2 * area + (recorded ? 1 : 0);
  const r = 2 * tag + side;
  if (recentOwn[r] === own && recentFoe[r] === foe) {
    keptN = recentN[r]!;
    return recentEntry[r]!;
  }
  const e = slotOf(own, foe, tag);
  if (table[e + K.OWN] === 0) return -1;
  recentOwn[r] = own;
  recentFoe[r] = foe;
  recentEntry[r] = e;
  keptN = recentN[r] = table[e + K.TAG_N]! >>> K.TAG_BITS;
  return e;
}

/**
 * The kept entry of Area `area`'s Clash codes for its acting members `members[at .. at + na − 1]`
 * (mask `own`) and active enemies `enemies[et .. et + nt − 1]` (mask `foe`, nt ≥ 1), with `buf`'s
 * recording of Swarms; computed (written to `buf` by {@link clashCodes}, its team set) and kept
 * when it was not. The result tells which: the entry's place e, or −1 − e when just computed; its
 * number of codes is {@link keptN}. The team of a kept entry is set in `buf` when `team`. Only
 * after {@link startKeeping} returned true for this decision.
 */
export function keptClashCodes(s: BattleState, c: Compiled, area: number, own: number, foe: number, members: Int32Array, at: number, na: number, enemies: Int32Array, et: number, nt: number, buf: ActionBuffer, team: boolean): number {
  const recorded = buf.swarmsRecorded;
  const side = c.sideOf[members[at]!]!;
  const kept = keptPlace(c, area, own, foe, side, recorded);
  if (kept >= 0) {
    if (team) buf.setTeam(area, members, at, na, enemies, et, nt);
    return kept;
  }
  const tag = 2 * area + (recorded ? 1 : 0);
  const r = 2 * tag + side;
  const e = slotOf(own, foe, tag);
  const from = buf.count;
  const recordsFrom = buf.swarmUsed;
  clashCodes(s, c, area, members, at, na, enemies, et, nt, buf);
  const n = buf.count - from;
  if (codePool.length < codesEnd + POOL.HEADER + n) {
    const grown = new Int32Array(2 * (codesEnd + POOL.HEADER + n));
    grown.set(codePool);
    codePool = grown;
    const refs = new Int32Array(grown.length);
    refs.set(refPool);
    refPool = refs;
  }
  const len = buf.swarmUsed - recordsFrom;
  codePool[codesEnd] = tableEnd;
  codePool[codesEnd + 1] = recorded ? len : -1;
  codesEnd += POOL.HEADER;
  const codes = buf.codes;
  for (let i = 0; i < n; i++) codePool[codesEnd + i] = codes[from + i]!;
  if (recorded) {
    // Swarm-variant codes' records: a plain team's shared record as is, the others relative to this Area's first record.
    for (let i = 0; i < n; i++) {
      const ref = argC(codes[from + i]!) === 1 ? buf.swarmRef[from + i]! : 0;
      refPool[codesEnd + i] = ref < 0 ? ref : ref - recordsFrom;
    }
    if (tablePool.length < tableEnd + len) {
      const grown = new Int32Array(2 * (tableEnd + len));
      grown.set(tablePool);
      tablePool = grown;
    }
    for (let i = 0; i < len; i++) tablePool[tableEnd + i] = buf.swarmTable[recordsFrom + i]!;
  }
  table[e + K.OWN] = own;
  table[e + K.FOE] = foe;
  table[e + K.TAG_N] = tag | (n << K.TAG_BITS);
  table[e + K.CODES_AT] = codesEnd;
  // startKeeping leaves room for a decision's entries, so the table stays at most half full; past
  // that, a later lookup could probe a full table for ever: fail now, naming the bug.
  if (2 * ++entries > slotCount) throw new Error('kept Clash codes: the table is over half full, so startKeeping did not run before this decision (an engine bug: please report it)');
  codesEnd += n;
  if (recorded) tableEnd += len;
  recentOwn[r] = own;
  recentFoe[r] = foe;
  recentEntry[r] = e;
  keptN = recentN[r] = n;
  return -1 - e;
}

/** Clash code `k` (below its {@link keptN}) of kept entry `entry` (from {@link keptClashCodes}). */
export const keptCode = (entry: number, k: number): number => codePool[table[(entry < 0 ? -1 - entry : entry) + K.CODES_AT]! + k]!;

/** Writes the codes of kept entry `entry` to `buf`, with their Swarm records when it records them; nothing for an entry just computed (−1 − e: written already). */
export function keptWrite(entry: number, buf: ActionBuffer): void {
  if (entry < 0) return;
  const at = table[entry + K.CODES_AT]!;
  const records = codePool[at - 1]!;
  buf.pushKept(codePool, at, table[entry + K.TAG_N]! >>> K.TAG_BITS, records >= 0 ? refPool : null, tablePool, codePool[at - 2]!, records);
}
