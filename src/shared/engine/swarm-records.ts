/**
 * The Swarms of Swarm-variant Clash codes (R6.1), recorded as the codes are enumerated (when the
 * buffer asks for them, `ActionBuffer.recordSwarms`) so that a bot reads them instead of finding
 * them again: plain teams' Swarms come from tables cached with the order of their codes, mixed
 * teams' from their Swarm modes, capped Areas' from `findSwarms`.
 */
import { argA, fit, grow } from './action-buffer';
import type { ActionBuffer } from './action-buffer';
import { reserveSwarms, swarmMembers, swarmStart } from './swarm-groups';

/**
 * The Swarms of one assignment of a team (R6.1, R11 `swarm`), as `findSwarms` finds them: attacker
 * i (team position) chose `choices[i]` (0: none, else target + 1); per target in first-targeted
 * order, the first largest group of its attackers sharing a die (`dieRep[i]` names attacker i's
 * group) among those whose Swarm mode joins it, plus those that always Swarm, when they are at
 * least `min`. Modes are `modes[i * nt + target]` (1 joins its die's group, 2 always, 3 never), or
 * all 1 when `modes` is null (a plain team). Writes a record at `out[at ..]` (room for
 * 1 + 2 × `na` entries): the number of Swarms, then per Swarm its size and its members as team
 * positions, ascending. Returns the record's end, or `at` when there is no Swarm.
 */
export function assignmentSwarms(choices: Int32Array, na: number, nt: number, modes: Uint8Array | null, dieRep: Int32Array, min: number, out: Int32Array, at: number): number {
  let end = at + 1;
  let n = 0;
  for (let i = 0; i < na; i++) {
    const t = choices[i]!;
    let first = t !== 0;
    for (let j = 0; j < i && first; j++) first = choices[j] !== t;
    if (!first) continue;
    const col = t - 1;
    let bestRep = -1;
    let bestSize = 0;
    let wild = 0;
    for (let j = i; j < na; j++) {
      if (choices[j] !== t) continue;
      const mode = modes === null ? 1 : modes[j * nt + col]!;
      if (mode === 2) wild++;
      if (mode !== 1) continue;
      const r = dieRep[j]!;
      let seen = false;
      for (let x = i; x < j && !seen; x++) seen = choices[x] === t && dieRep[x] === r && (modes === null || modes[x * nt + col] === 1);
      if (seen) continue;
      let size = 0;
      for (let x = j; x < na; x++) if (choices[x] === t && dieRep[x] === r && (modes === null || modes[x * nt + col] === 1)) size++;
      if (size > bestSize) {
        bestSize = size;
        bestRep = r;
      }
    }
    if (bestSize + wild < min) continue;
    n++;
    out[end++] = bestSize + wild;
    for (let x = i; x < na; x++) {
      if (choices[x] !== t) continue;
      const mode = modes === null ? 1 : modes[x * nt + col]!;
      if (mode === 2 || (mode === 1 && dieRep[x] === bestRep)) out[end++] = x;
    }
  }
  if (n === 0) return at;
  out[at] = n;
  return end;
}

/** Writes into `choices` attacker i's choice in assignment `code` (digit i in base `options`); returns `choices`, grown when short. */
export function choicesOf(code: number, options: number, na: number, choices: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const out = fit(choices, na);
  for (let i = 0, x = code; i < na; i++) {
    out[i] = x % options;
    x = (x - out[i]!) / options;
  }
  return out;
}

/**
 * Clash code orders of plain teams (every Swarm mode plain: no attacker has a `swarm` effect of
 * its own or its Area's, R11), by (options, attackers, Swarm size, die groups): entry i of `order`
 * is `code * 2 + variant`, the i-th Clash code of such an Area — every assignment, each followed
 * by its Swarm variant when some target has `min` attackers of one die group (R6.1); for a
 * variant, `groupAt[i]` is the offset of its Swarms in {@link plainSwarms} (else −1).
 * Setup-independent and small (≤ 2 × cap entries each).
 */
const plainOrders = new Map<number, { order: Int32Array; groupAt: Int32Array }>();

/** The Swarms of the plain teams' Swarm variants ({@link assignmentSwarms} records), shared by every cached order. */
let plainSwarms = new Int32Array(256);
let plainSwarmsEnd = 0;

/** Scratch: per team attacker, its choice in the assignment being listed. */
let choices = new Int32Array(16);

/**
 * The Clash code order of a plain team of `na` attackers over `options` − 1 targets (`total` − 1 ≤
 * cap, `min` ≥ 1), attacker i's die group named by `dieRep[i]` (the first attacker with its die).
 */
export function plainOrder(options: number, total: number, na: number, min: number, dieRep: Int32Array): { order: Int32Array; groupAt: Int32Array } {
  const m = Math.min(min, na + 1);
  // Decodable, so one key per (options ≤ 65, na ≤ 6, m ≤ 7, dieRep digits < 8), lowest digit first.
  let key = 0;
  for (let i = na - 1; i >= 0; i--) key = key * 8 + dieRep[i]!;
  key = ((key * 8 + m) * 128 + options) * 8 + na;
  const hit = plainOrders.get(key);
  if (hit !== undefined) return hit;
  const out: number[] = [];
  const groups: number[] = [];
  for (let code = 1; code < total; code++) {
    out.push(code * 2);
    groups.push(-1);
    choices = choicesOf(code, options, na, choices);
    if (plainSwarms.length < plainSwarmsEnd + 1 + 2 * na) plainSwarms = grow(plainSwarms, 2 * (plainSwarmsEnd + 1 + 2 * na));
    const end = assignmentSwarms(choices, na, options - 1, null, dieRep, m, plainSwarms, plainSwarmsEnd);
    if (end === plainSwarmsEnd) continue;
    out.push(code * 2 + 1);
    groups.push(plainSwarmsEnd);
    plainSwarmsEnd = end;
  }
  const entry = { order: Int32Array.from(out), groupAt: Int32Array.from(groups) };
  plainOrders.set(key, entry);
  return entry;
}

/**
 * The Swarms Swarm-variant Clash code i of `buf` declares (R6.1), as its enumeration recorded them
 * (with `buf.recordSwarms` on): writes them to `swarmMembers` / `swarmStart` (swarm-groups.ts, the
 * layout of `findSwarms`) and returns their number — the same Swarms as `findSwarms` of the code's
 * attacks (`attacksOf`) in the state the code was enumerated for, without finding them again.
 * For the bots' scoring; only for a code with `argC` 1 of the buffer's current decision.
 */
export function recordedSwarms(buf: ActionBuffer, i: number): number {
  if (!buf.swarmsRecorded) throw new Error('recordedSwarms: this decision was enumerated without recordSwarms');
  const ref = buf.swarmRef[i]!;
  const plain = ref < 0;
  const table = plain ? plainSwarms : buf.swarmTable;
  let x = plain ? -1 - ref : ref;
  const n = table[x++]!;
  // Plain records hold team positions: the team of the code's Area maps them to members.
  const team = plain ? buf.teamAt[argA(buf.codes[i]!)]! : 0;
  let size = 0;
  for (let w = 0, y = x; w < n; w++) {
    size += table[y]!;
    y += table[y]! + 1;
  }
  reserveSwarms(size, n);
  let end = 0;
  for (let w = 0; w < n; w++) {
    swarmStart[w] = end;
    const k = table[x++]!;
    for (let j = 0; j < k; j++) swarmMembers[end++] = plain ? buf.teams[team + table[x++]!]! : table[x++]!;
  }
  swarmStart[n] = end;
  return n;
}
