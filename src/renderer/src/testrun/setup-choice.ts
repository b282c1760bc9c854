/**
 * The test-run setup (issue 5, "Setup"): what the user picked, the options to pick from, and the
 * gate that refuses a setup whose documents have errors. Pure: reads the WorkspaceModel only.
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import { buildSetup } from '../../../shared/engine';
import type { BattleSetup } from '../../../shared/engine';
import { BUILTIN_TYPES } from '../../../shared/model/types';
import type { WorkspaceModel } from '../../../shared/model/workspace';

/** Who plays a side: a bot by name, or the user. */
export type Player = 'random' | 'greedy' | 'mcts' | 'me';
/** Every player choice, in menu order. */
export const PLAYERS: readonly Player[] = ['random', 'greedy', 'mcts', 'me'];

/** The user's choices. Empty `crews[i]` = the scenario's default; empty `ruleset` = the workspace's. */
export interface SetupChoice {
  scenario: string;
  crews: [string, string];
  ruleset: string;
  players: [Player, Player];
  seed: number;
}

/** One entry of a select: id and display name. */
export interface Choice {
  id: string;
  name: string;
}

/** Path of the workspace manifest, always part of a setup. */
export const MANIFEST = 'mortisphere.yaml';

const sorted = (m: Map<string, { name?: string }>): Choice[] =>
  [...m.entries()]
    .map(([id, d]) => ({ id, name: d.name ?? id }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

/** Scenarios, crews and rulesets of the model, sorted by name. */
export function optionsOf(model: WorkspaceModel | null): {
  scenarios: Choice[];
  crews: Choice[];
  rulesets: Choice[];
} {
  if (model === null) return { scenarios: [], crews: [], rulesets: [] };
  return { scenarios: sorted(model.scenarios), crews: sorted(model.crews), rulesets: sorted(model.rulesets) };
}

/** A seed in 0..2^32−1 from a float in [0, 1) (the caller supplies the randomness). */
export const seedFrom = (x: number): number =>
  Math.floor(Math.max(0, Math.min(0.9999999999, x)) * 0x1_0000_0000) >>> 0;

/** Parses a seed typed by the user: a whole number 0..4294967295, else null. */
export function parseSeed(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,10}$/.test(t)) return null;
  const n = Number(t);
  return n <= 0xffffffff ? n : null;
}

/** A valid choice for `model`: keeps what still exists in `prev`, else the first scenario and defaults. */
export function defaultChoice(
  model: WorkspaceModel | null,
  prev: SetupChoice | null,
  seed: number,
): SetupChoice {
  const scenarios = model ? [...model.scenarios.keys()].sort() : [];
  const scenario =
    prev && model?.scenarios.has(prev.scenario) ? prev.scenario : (prev?.scenario ?? scenarios[0] ?? '');
  const crew = (c: string): string => (c !== '' && model?.crews.has(c) ? c : '');
  return {
    scenario,
    crews: prev ? [crew(prev.crews[0]), crew(prev.crews[1])] : ['', ''],
    ruleset: prev && (prev.ruleset === 'core' || model?.rulesets.has(prev.ruleset)) ? prev.ruleset : '',
    players: prev?.players ?? ['me', 'greedy'],
    seed: prev?.seed ?? seed,
  };
}

/** The crew ids the battle will use: chosen ones, else the scenario's side defaults ('' when none). */
export function effectiveCrews(model: WorkspaceModel, choice: SetupChoice): [string, string] {
  const sc = model.scenarios.get(choice.scenario);
  const pick = (i: 0 | 1): string => choice.crews[i] || sc?.sides?.[i]?.crew || '';
  return [pick(0), pick(1)];
}

/** The ruleset id the battle will use: chosen, else the scenario's, else the workspace's, else core. */
export function effectiveRuleset(model: WorkspaceModel, choice: SetupChoice): string {
  return (
    choice.ruleset || model.scenarios.get(choice.scenario)?.ruleset || model.workspace?.ruleset || 'core'
  );
}

/**
 * Every file the battle reads: the manifest, the scenario, both crews, the crew types, abilities
 * and equipment their members use, and the ruleset's `extends` chain. Sorted, no duplicates.
 */
export function relevantFiles(model: WorkspaceModel, choice: SetupChoice, scenarioPath?: string): string[] {
  const files = new Set<string>([MANIFEST]);
  const add = (key: string): void => {
    const p = model.pathOf.get(key);
    if (p !== undefined) files.add(p);
  };
  add(`scenario:${choice.scenario}`);
  if (scenarioPath) files.add(scenarioPath);
  for (const crewId of effectiveCrews(model, choice)) {
    if (crewId === '') continue;
    add(`crew:${crewId}`);
    for (const m of model.crews.get(crewId)?.members ?? []) {
      const abilities = [...(m.abilities ?? [])];
      if (!(BUILTIN_TYPES as readonly string[]).includes(m.type)) {
        add(`crewType:${m.type}`);
        abilities.push(...(model.crewTypes.get(m.type)?.abilities ?? []));
      }
      for (const a of abilities) add(`ability:${a}`);
      for (const e of m.equipment ?? []) add(`equipment:${e}`);
    }
  }
  const seen = new Set<string>();
  let rs: string | undefined = effectiveRuleset(model, choice);
  while (rs !== undefined && rs !== 'core' && !seen.has(rs)) {
    seen.add(rs);
    add(`ruleset:${rs}`);
    rs = model.rulesets.get(rs)?.extends;
  }
  return [...files].sort();
}

/** The error diagnostics that refuse this setup: errors in any of its {@link relevantFiles}. */
export function blockingDiagnostics(
  model: WorkspaceModel,
  diagnostics: readonly Diagnostic[],
  choice: SetupChoice,
  scenarioPath?: string,
): Diagnostic[] {
  const files = new Set(relevantFiles(model, choice, scenarioPath));
  return diagnostics.filter((d) => d.severity === 'error' && files.has(d.file));
}

/** Why a setup cannot run: a message, and the diagnostics to link to (possibly none). */
export interface Refusal {
  code: string;
  message: string;
  diagnostics: Diagnostic[];
}

/** A setup ready to play, or the reason it is refused. */
export type Prepared = { ok: true; setup: BattleSetup } | { ok: false; refusal: Refusal };

/**
 * The battle setup of `choice`, or a refusal: `setup/errors` listing the blocking diagnostics,
 * `setup/no-workspace`, or the engine's own setup error (unknown id, missing crew…).
 */
export function prepareBattle(
  model: WorkspaceModel | null,
  diagnostics: readonly Diagnostic[],
  choice: SetupChoice,
  scenarioPath?: string,
): Prepared {
  const err = (r: Refusal): Prepared => ({ ok: false, refusal: r });
  if (model === null)
    return err({
      code: 'setup/no-workspace',
      message: 'No workspace is loaded; open a workspace first.',
      diagnostics: [],
    });
  const blocking = blockingDiagnostics(model, diagnostics, choice, scenarioPath);
  if (blocking.length > 0) {
    const files = [...new Set(blocking.map((d) => d.file))].join(', ');
    return err({
      code: 'setup/errors',
      message: `This setup cannot run: ${blocking.length} error(s) in ${files}. Fix them (click one to open it), then start again.`,
      diagnostics: blocking,
    });
  }
  if (!model.scenarios.has(choice.scenario)) {
    return err({
      code: 'setup/unknown-id',
      message:
        choice.scenario === ''
          ? 'Pick a scenario first (the workspace has none: create one in the editor).'
          : `Scenario '${choice.scenario}' is not in the workspace (it may have a YAML error); pick another or fix its file.`,
      diagnostics: [],
    });
  }
  const crews = effectiveCrews(model, choice);
  const built = buildSetup(model, {
    scenario: choice.scenario,
    crews: crews[0] && crews[1] ? crews : undefined,
    ruleset: choice.ruleset || undefined,
  });
  if (!built.ok) return err({ code: built.error.code, message: built.error.message, diagnostics: [] });
  return { ok: true, setup: built.value };
}
