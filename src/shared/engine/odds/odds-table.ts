/**
 * The bots' pair odds in doubles, memoised for one set of knobs (R1.4, R1.5, R4.2, R4.3, R7.2,
 * R11 roll effects): a roller's distribution is identified by what it depends on — die sides,
 * max roll, the `keepHighest` die and its max roll, the modifier — and the odds of a pair by its
 * two distributions and `reroll` flags. Plain numbers and small-integer keys: no bigint, no strings
 * on the hot path. Exact fractions stay with {@link pairOdds}.
 */
import { pairProbabilities } from './pair-odds';
import type { PairKnobs, PairProbabilities } from './pair-odds';
import { cappedDie, maxOf, maxRollOf, sidesOf, withModifier } from './roll-distribution';
import type { RollDistribution, RollerSpec } from './roll-distribution';

/** Modifiers in −MOD_SPAN/2 .. MOD_SPAN/2−1 get integer keys; others (rare) a string key. */
const MOD_SPAN = 64;
/** Max roll and sides fit below this (d20 is the largest die, R1.1). */
const FACE_SPAN = 21;
/** Distribution ids in numeric group keys are below this. */
const GROUP_ID_SPAN = 4096;

/** Memoised float pair odds for one set of knobs; one table per ruleset (or per bot and setup). */
export class PairOddsTable {
  private readonly dists: RollDistribution[] = [];
  private readonly byKey = new Map<number, number>();
  private readonly byName = new Map<string, number>();
  private readonly byGroup = new Map<number, number>();
  private readonly pairs = new Map<number, PairProbabilities>();

  constructor(readonly knobs: PairKnobs) {}

  /** Number of distinct distributions so far. */
  get size(): number {
    return this.dists.length;
  }

  /** The distribution behind an id. */
  distribution(id: number): RollDistribution {
    return this.dists[id]!;
  }

  /**
   * Id of the distribution of a die of `sides` (R1.4 max roll `cap`), the higher of a
   * `keepHighest` die of `khSides` (0: none) with max roll `khCap`, plus `modifier` (R11).
   */
  dieId(sides: number, cap: number, khSides: number, khCap: number, modifier: number): number {
    if (Number.isInteger(modifier) && modifier >= -MOD_SPAN / 2 && modifier < MOD_SPAN / 2 && sides < FACE_SPAN && khSides < FACE_SPAN) {
      const key = (((sides * FACE_SPAN + cap) * FACE_SPAN + khSides) * FACE_SPAN + khCap) * MOD_SPAN + modifier + MOD_SPAN / 2;
      const hit = this.byKey.get(key);
      if (hit !== undefined) return hit;
      const id = this.add(this.build(sides, cap, khSides, khCap, modifier));
      this.byKey.set(key, id);
      return id;
    }
    const name = `${sides}/${cap}/${khSides}/${khCap}/${modifier}`;
    let id = this.byName.get(name);
    if (id === undefined) {
      id = this.add(this.build(sides, cap, khSides, khCap, modifier));
      this.byName.set(name, id);
    }
    return id;
  }

  /** Id of a roller's distribution (its `reroll` flag is not part of it: see {@link pair}). */
  rollerId(spec: RollerSpec): number {
    const lost = spec.lost ?? 0;
    const lastStand = spec.lastStand ?? false;
    const sides = sidesOf(spec.dieOverride ?? spec.die);
    const cap = maxRollOf(sides, lost, lastStand, this.knobs);
    const khSides = spec.keepHighest === undefined ? 0 : sidesOf(spec.keepHighest);
    const khCap = khSides === 0 ? 0 : maxRollOf(khSides, lost, lastStand, this.knobs);
    return this.dieId(sides, cap, khSides, khCap, spec.rollModifier ?? 0);
  }

  /** Id of the highest of several results plus `bonus` (a Swarm's roll, R6.2). */
  groupId(ids: readonly number[], bonus: number): number {
    const sorted = [...ids].sort((x, y) => x - y);
    // Up to three members with small ids and bonus get a numeric key; bigger groups a string one.
    let key = -1;
    if (sorted.length <= 3 && sorted[sorted.length - 1]! < GROUP_ID_SPAN - 1 && Number.isInteger(bonus) && bonus >= 0 && bonus < 64) {
      key = bonus;
      for (const x of sorted) key = key * GROUP_ID_SPAN + x + 1;
    }
    const name = key < 0 ? `G${bonus}:${sorted.join(',')}` : '';
    let id = key < 0 ? this.byName.get(name) : this.byGroup.get(key);
    if (id === undefined) {
      let d = this.dists[ids[0]!]!;
      for (let i = 1; i < ids.length; i++) d = maxOf(d, this.dists[ids[i]!]!);
      id = this.add(withModifier(d, bonus));
      if (key < 0) this.byName.set(name, id);
      else this.byGroup.set(key, id);
    }
    return id;
  }

  /** Float odds of a defended pair between two distributions, with their `reroll` effects (R11), under the table's tie knob (R4.3). */
  pair(attacker: number, rerollA: boolean, defender: number, rerollB: boolean): PairProbabilities {
    const key = (attacker * 2 + (rerollA ? 1 : 0)) * 2_097_152 + defender * 2 + (rerollB ? 1 : 0);
    let p = this.pairs.get(key);
    if (p === undefined) {
      p = pairProbabilities(this.dists[attacker]!, this.dists[defender]!, this.knobs.clash.tie, rerollA, rerollB);
      this.pairs.set(key, p);
    }
    return p;
  }

  /** Float odds of a defended pair between two rollers (as {@link pairOdds}, memoised). */
  odds(attacker: RollerSpec, defender: RollerSpec): PairProbabilities {
    return this.pair(this.rollerId(attacker), attacker.reroll ?? false, this.rollerId(defender), defender.reroll ?? false);
  }

  /** P(result ≥ threshold) of a distribution (R4.4 absorb threshold). */
  atLeast(id: number, threshold: number): number {
    const d = this.dists[id]!;
    let w = 0;
    for (let v = Math.max(0, threshold); v < d.weights.length; v++) w += d.weights[v]!;
    return w / d.total;
  }

  private build(sides: number, cap: number, khSides: number, khCap: number, modifier: number): RollDistribution {
    const capped = this.knobs.damage.cappedRoll;
    let d = cappedDie(sides, cap, capped);
    if (khSides > 0) d = maxOf(d, cappedDie(khSides, khCap, capped));
    return withModifier(d, modifier);
  }

  private add(d: RollDistribution): number {
    this.dists.push(d);
    return this.dists.length - 1;
  }
}
