/**
 * The `coverage` section of a simulation report (issue 16 item 6): how many battles each tracked
 * rule, source of effects, effect, objective and Area fired or mattered in, and the ones that
 * never did, each with the reason in words (worked out from the setup: the ruleset's knobs, the
 * `when` of the effect against the scenario's Areas, rounds and crews).
 */
import type { CoverageEntry, CoverageKind } from './coverage-layout';

/** One entry of the report's coverage. */
export interface CoverageCount {
  kind: CoverageKind;
  id: string;
  name: string;
  /** Battles in which it fired or mattered. */
  battles: number;
  /** Effects: the `kind:id` of their source. */
  of?: string;
  /** Rules switched off by the ruleset: the knob. Such rules are not listed as never fired. */
  off?: string;
}

/** Something that never fired in the run, and why. */
export interface NeverFired {
  kind: CoverageKind;
  id: string;
  name: string;
  reason: string;
}

/** The report's `coverage`. */
export interface CoverageReport {
  entries: CoverageCount[];
  /** In entry order; an effect is listed only when its source fired (else the source says it). */
  neverFired: NeverFired[];
}

/** How a kind is written in sentences. */
export const KIND_WORDS: Record<CoverageKind, string> = {
  rule: 'rule',
  ability: 'ability',
  item: 'item',
  specialRule: 'special rule',
  areaRule: 'Area rule',
  effect: 'effect',
  objective: 'objective',
  area: 'Area',
};

const KEY_HINTS: Record<string, string> = {
  rollModifier: 'no holder rolled while it applied',
  reroll: 'no holder lost a roll it could reroll while it applied',
  keepHighest: 'no holder rolled while it applied',
  dieOverride: 'no holder rolled while it applied',
  damage: 'no holder won a pair while it applied',
  armor: 'no holder lost a pair while it applied',
  blast: 'no holder attacked while it applied',
  firstStrike: 'no holder fought in a Clash while it applied',
  extraActions: 'no holder was asked for its actions while it applied',
  regenerate: 'no holder was hurt at the start of a round while it applied',
  progressBonus: 'no holder worked on an interact objective while it applied',
  swarm: 'no Swarm was declared on a target its holder attacked while it applied',
  initiative: 'no holder was in the battle when Initiative was decided while it applied',
};

const hintOf = (e: CoverageEntry): string => {
  const key = e.name.split(' ')[0] ?? '';
  return KEY_HINTS[key] ?? 'the rules never read it with its conditions holding';
};

/** Why an entry never fired, in words. `first` is the first effect of a source (its hint). */
const reasonOf = (e: CoverageEntry, first: CoverageEntry | undefined): string => {
  const needs = e.needs !== undefined ? `its \`when\` needs ${e.needs}` : null;
  if (e.impossible !== undefined) return needs !== null ? `${needs}, but ${e.impossible}` : `it cannot happen here: ${e.impossible}`;
  const chance = 'it can happen in this scenario, but no battle brought it about (more runs or other bots may)';
  if (needs !== null) return `${needs}; ${chance}`;
  switch (e.kind) {
    case 'rule':
      return `no battle had it (${e.name}); ${chance}`;
    case 'objective':
      return 'no side worked on or scored it';
    case 'area':
      return 'no member was ever in it';
    case 'effect':
      return hintOf(e);
    default:
      return first !== undefined ? hintOf(first) : chance;
  }
};

/** The coverage section from the layout's entries and their battle counts. */
export function buildCoverage(entries: readonly CoverageEntry[], counts: readonly number[]): CoverageReport {
  const out: CoverageReport = { entries: [], neverFired: [] };
  let sourceFired = true;
  entries.forEach((e, i) => {
    const battles = counts[i] ?? 0;
    const count: CoverageCount = { kind: e.kind, id: e.id, name: e.name, battles };
    if (e.of !== undefined) count.of = e.of;
    if (e.off !== undefined) count.off = e.off;
    out.entries.push(count);
    if (e.kind !== 'effect') sourceFired = battles > 0;
    if (battles > 0 || e.off !== undefined || (e.kind === 'effect' && !sourceFired)) return;
    const first = e.kind !== 'effect' && entries[i + 1]?.kind === 'effect' ? entries[i + 1] : undefined;
    out.neverFired.push({ kind: e.kind, id: e.id, name: e.name, reason: reasonOf(e, first) });
  });
  return out;
}

/** "ability 'spore-cloud' never fired in 10,000 battles: its `when` needs …". */
export const neverFiredLine = (n: NeverFired, runs: number): string =>
  `${KIND_WORDS[n.kind]} '${n.id}' never fired in ${runs.toLocaleString('en-US')} battle${runs === 1 ? '' : 's'}: ${n.reason}`;
