/**
 * Sweep grids (`mortisphere sweep SCENARIO --vary PATH=V1,V2 …`): each `--vary` is one axis, the
 * grid is their product, and each variant is the workspace's documents plus the changes it
 * names, simulated on the same seeds as every other variant (so differences are the variants').
 *
 *   crews.SIDE=ID,…        the crew of a side (side id of the scenario)
 *   ai.SIDE=BOT,…          the bot of a side (random, greedy, mcts, mcts:N)
 *   ruleset=ID,…           the ruleset (core or a ruleset document's id)
 *   ruleset.KNOB.PATH=V,…  one ruleset knob (RULES.md), on top of the ruleset in play
 *   scenario.FIELD.PATH=V,… one scenario field, e.g. scenario.rounds=4,6 or scenario.objectives.0.points=1,3
 */
import { parse, parseDocument, stringify } from 'yaml';
import type { DocumentTexts } from './api';
import type { WorkspaceModel } from './model/workspace';
import { err, ok } from './result';
import type { Result } from './result';

/** One axis of the grid. */
export interface Vary {
  /** As written: `ruleset.clash.tie`. */
  path: string;
  target: 'crews' | 'ai' | 'ruleset' | 'knob' | 'scenario';
  /** Path below the target: the side id, the knob path or the scenario field path. */
  rest: (string | number)[];
  /** Values as written (shown in tables) and as data (YAML scalars for knobs and fields). */
  values: { text: string; value: unknown }[];
}

/** Most variants one sweep may have. */
export const MAX_VARIANTS = 1000;

const SHAPES = 'crews.SIDE, ai.SIDE, ruleset, ruleset.KNOB.PATH or scenario.FIELD.PATH';

/** Parses one `--vary PATH=V1,V2,…`; the error says what a vary looks like. */
export function parseVary(raw: string): Result<Vary> {
  const eq = raw.indexOf('=');
  if (eq <= 0) return err('sweep/bad-vary', `--vary '${raw}' must be PATH=V1,V2,… with PATH one of ${SHAPES}, e.g. --vary 'ruleset.clash.tie=standoff,attacker'`);
  const path = raw.slice(0, eq).trim();
  const texts = raw.slice(eq + 1).split(',').map((v) => v.trim());
  if (texts.some((v) => v === '')) return err('sweep/bad-vary', `--vary '${raw}': a value is empty; separate values with single commas`);
  const segs = path.split('.');
  if (segs.some((s) => s === '')) return err('sweep/bad-vary', `--vary '${raw}': '${path}' has an empty step; write it like ruleset.clash.tie`);
  const [head, ...rest] = segs;
  let target: Vary['target'];
  if ((head === 'crews' || head === 'ai') && rest.length === 1) target = head;
  else if (head === 'ruleset') target = rest.length === 0 ? 'ruleset' : 'knob';
  else if (head === 'scenario' && rest.length > 0) target = 'scenario';
  else return err('sweep/bad-vary', `--vary '${raw}': '${path}' is not something a sweep can vary; use ${SHAPES}`);
  const asData = target === 'knob' || target === 'scenario';
  const values = texts.map((text) => ({ text, value: asData ? scalar(text) : text }));
  const dup = texts.find((t, i) => texts.indexOf(t) !== i);
  if (dup !== undefined) return err('sweep/bad-vary', `--vary '${raw}': value '${dup}' is given twice`);
  return ok({ path, target, rest: rest.map((s) => (target === 'scenario' && /^\d+$/.test(s) ? Number(s) : s)), values });
}

const scalar = (text: string): unknown => {
  try {
    return parse(text) ?? text;
  } catch {
    return text;
  }
};

/** One point of the grid: the index of each axis's value, in `--vary` order. */
export type Variant = number[];

/** Every combination, the first axis varying slowest; refused above MAX_VARIANTS or for repeated paths. */
export function gridOf(varies: readonly Vary[]): Result<Variant[]> {
  const paths = varies.map((v) => v.path);
  const dup = paths.find((p, i) => paths.indexOf(p) !== i);
  if (dup !== undefined) return err('sweep/bad-vary', `--vary '${dup}' is given twice; list all its values in one --vary`);
  const size = varies.reduce((n, v) => n * v.values.length, 1);
  if (size > MAX_VARIANTS) return err('sweep/too-big', `the grid has ${size} variants, more than ${MAX_VARIANTS}; vary fewer things at once`);
  let grid: Variant[] = [[]];
  for (const v of varies) grid = grid.flatMap((g) => v.values.map((_, i) => [...g, i]));
  return ok(grid);
}

/** What one variant simulates: documents (with its changes), the setup request and the bots. */
export interface VariantPlan {
  documents: DocumentTexts;
  crews: [string, string] | undefined;
  ruleset: string | undefined;
  bots: [string, string];
  /** Path of the in-memory ruleset document of knob changes, if any (its errors name the variant). */
  syntheticPath: string | null;
  /** `path=value` for each axis, for tables and messages. */
  label: string[];
}

/** The base of a sweep: the workspace and the options given besides `--vary`. */
export interface SweepBase {
  documents: DocumentTexts;
  model: WorkspaceModel;
  scenario: string;
  crews?: [string, string];
  ruleset?: string;
  bots: [string, string];
}

const setIn = (target: Record<string, unknown>, path: readonly (string | number)[], value: unknown): void => {
  let node = target;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else node = (node[key] ??= {}) as Record<string, unknown>;
  });
};

/**
 * The documents and request of variant `index` of the grid. Fails when a side id is not the
 * scenario's or the scenario file cannot be edited; invalid values are left to the validator.
 */
export function planVariant(base: SweepBase, varies: readonly Vary[], variant: Variant, index: number): Result<VariantPlan> {
  const scenario = base.model.scenarios.get(base.scenario);
  const sideIds = (scenario?.sides ?? []).map((s) => s.id);
  const documents: DocumentTexts = { ...base.documents };
  const crews: (string | undefined)[] = base.crews ? [...base.crews] : (scenario?.sides ?? []).map((s) => s.crew);
  const bots: [string, string] = [...base.bots];
  let ruleset = base.ruleset;
  const knobs: Record<string, unknown> = {};
  const label: string[] = [];
  const scenarioPath = base.model.pathOf.get(`scenario:${base.scenario}`);
  const scenarioDoc = scenarioPath !== undefined && varies.some((v) => v.target === 'scenario') ? parseDocument(documents[scenarioPath]) : null;
  for (const [axis, v] of varies.entries()) {
    const { text, value } = v.values[variant[axis]];
    label.push(`${v.path}=${text}`);
    if (v.target === 'crews' || v.target === 'ai') {
      const side = sideIds.indexOf(String(v.rest[0]));
      if (side < 0) return err('sweep/bad-vary', `--vary '${v.path}': scenario '${base.scenario}' has no side '${v.rest[0]}'; its sides are ${sideIds.join(', ')}`);
      if (v.target === 'crews') crews[side] = text;
      else bots[side] = text;
    } else if (v.target === 'ruleset') ruleset = text;
    else if (v.target === 'knob') setIn(knobs, v.rest, value);
    else if (scenarioDoc !== null) scenarioDoc.setIn(v.rest, value);
    else return err('sweep/bad-vary', `--vary '${v.path}': scenario '${base.scenario}' is not a workspace document that can be edited`);
  }
  if (scenarioDoc !== null && scenarioPath !== undefined) documents[scenarioPath] = scenarioDoc.toString();
  let syntheticPath: string | null = null;
  if (Object.keys(knobs).length > 0) {
    const id = `sweep-variant-${index + 1}`;
    const parent = ruleset ?? scenario?.ruleset ?? base.model.workspace?.ruleset ?? 'core';
    syntheticPath = `(sweep)/${id}.yaml`;
    documents[syntheticPath] = stringify({ kind: 'ruleset', schemaVersion: 1, id, extends: parent, ...knobs });
    ruleset = id;
  }
  const pair = crews[0] !== undefined && crews[1] !== undefined ? ([crews[0], crews[1]] as [string, string]) : undefined;
  return ok({ documents, crews: pair, ruleset, bots, syntheticPath, label });
}
