/**
 * Battle logs (DESIGN.md `play --log` / `replay`): the one place that writes and reads them, for
 * the CLI, the editor and campaign records. A log is self-contained since version 2: it carries
 * the resolved setup the battle was played with, so it replays anywhere, bit-identical (R1.6),
 * whatever the workspace holds today. Version 1 logs (ids only) are still read; they replay
 * against a workspace. Not re-exported by the engine index (it pulls in the schema validators).
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { replayBattle } from './replay';
import { setupProblem } from './setup-check';
import type { BattleEvent } from './events';
import type { Action, BattleSetup, BattleState } from './types';

/** The version `createBattleLog` writes. */
export const BATTLE_LOG_VERSION = 2;

/**
 * One battle: what identifies it (scenario, crews, ruleset ids, seed), every decision in order
 * and, from version 2, the setup it was played with.
 */
export interface BattleLog {
  /** Format version; absent in version 1 logs. */
  version?: number;
  scenario: string;
  crews: [string, string];
  ruleset: string;
  seed: number;
  /** The resolved setup (version 2): replaying uses it instead of the workspace. */
  setup?: BattleSetup;
  /** The bots that played sides a and b, when bots played (`play --ai`); absent for people. */
  ai?: [string, string];
  decisions: Action[];
}

/** A self-contained (version 2) log of a battle played from `setup` with `seed`. */
export function createBattleLog(setup: BattleSetup, seed: number, decisions: readonly Action[], ai?: readonly [string, string]): BattleLog {
  return {
    ...(ai ? { ai: [ai[0], ai[1]] as [string, string] } : {}),
    version: BATTLE_LOG_VERSION,
    scenario: setup.scenarioId,
    crews: [setup.sides[0].crewId, setup.sides[1].crewId],
    ruleset: setup.rulesetId,
    seed,
    setup,
    decisions: decisions.slice(),
  };
}

/** The text of a log file: pretty JSON with a final newline, keys in a fixed order. */
export function serializeBattleLog(log: BattleLog): string {
  const { version, scenario, crews, ruleset, seed, setup, ai, decisions } = log;
  const bots = ai ? { ai } : {};
  const ordered = version === undefined ? { scenario, crews, ruleset, seed, ...bots, decisions } : { version, scenario, crews, ruleset, seed, setup, ...bots, decisions };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

const HINT = "write logs with 'mortisphere play --log FILE' or the editor's \"Save log\"";

/** Checks parsed JSON as a battle log; `log/malformed` names the bad field and the fix. Never throws. */
export function readBattleLog(data: unknown): Result<BattleLog> {
  const bad = (what: string): Result<BattleLog> => err('log/malformed', `the battle log is malformed: ${what}; ${HINT}`);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return bad('it must be a JSON object {version, scenario, crews, ruleset, seed, setup, decisions}');
  const d = data as Record<string, unknown>;
  if (d.version !== undefined && d.version !== 1 && d.version !== BATTLE_LOG_VERSION) {
    return err('log/version', `the battle log has version ${JSON.stringify(d.version)}, which this Mortisphere Studio does not know (it reads 1 and ${BATTLE_LOG_VERSION}); update Mortisphere Studio`);
  }
  if (typeof d.scenario !== 'string') return bad("'scenario' must be a scenario id");
  if (!Array.isArray(d.crews) || d.crews.length !== 2 || !d.crews.every((x) => typeof x === 'string')) return bad("'crews' must be two crew ids");
  if (typeof d.ruleset !== 'string') return bad("'ruleset' must be a ruleset id");
  if (typeof d.seed !== 'number' || !Number.isInteger(d.seed) || d.seed < 0 || d.seed > 0xffffffff) return bad("'seed' must be a whole number 0..4294967295");
  if (!Array.isArray(d.decisions) || !d.decisions.every((x) => x !== null && typeof x === 'object' && typeof (x as { type?: unknown }).type === 'string')) return bad("'decisions' must be a list of actions");
  if (d.ai !== undefined && !(Array.isArray(d.ai) && d.ai.length === 2 && d.ai.every((x) => typeof x === 'string'))) return bad("'ai' must be the two bots that played, e.g. [\"greedy\", \"random\"]");
  const log: BattleLog = { scenario: d.scenario, crews: [d.crews[0] as string, d.crews[1] as string], ruleset: d.ruleset, seed: d.seed, decisions: d.decisions as Action[] };
  if (Array.isArray(d.ai)) log.ai = [d.ai[0] as string, d.ai[1] as string];
  if (d.version === BATTLE_LOG_VERSION) {
    const problem = setupProblem(d.setup);
    if (problem !== null) return bad(`'setup': ${problem}`);
    log.version = BATTLE_LOG_VERSION;
    log.setup = d.setup as BattleSetup;
  } else if (d.setup !== undefined) {
    return bad(`'setup' needs 'version: ${BATTLE_LOG_VERSION}'`);
  }
  return ok(log);
}

/** Parses the text of a battle log file (see {@link readBattleLog}). */
export function parseBattleLog(text: string): Result<BattleLog> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return err('log/malformed', `the battle log is not JSON (${(e as Error).message}); ${HINT}`);
  }
  return readBattleLog(data);
}

/** Replays a log against `setup` (its own for version 2 logs, else one built from a workspace). */
export function replayLog(log: BattleLog, setup: BattleSetup): Result<{ state: BattleState; events: BattleEvent[] }> {
  return replayBattle(setup, log.seed, log.decisions);
}

/** One part of a battle that differs between the stored setup and the workspace's current one. */
export interface SetupDifference {
  /** What the part comes from: the scenario, the ruleset or one side's crew. */
  kind: 'scenario' | 'ruleset' | 'crew';
  id: string;
  /** Fields or members that differ, e.g. `rounds`, `member 'warden-7'`. */
  details: string[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What differs between the setup a log stored and the one the workspace's current files give,
 * by the document it comes from (empty when they would play the same battle).
 */
export function compareSetups(stored: BattleSetup, current: BattleSetup): SetupDifference[] {
  const out: SetupDifference[] = [];
  const scenario: string[] = (['scenarioName', 'rounds', 'areas', 'objectives', 'scoring', 'endWhen'] as const).filter((k) => !same(stored[k], current[k]));
  const deploy = stored.sides.some((s, i) => !same(s.members.map((m) => m.startArea), current.sides[i]?.members.map((m) => m.startArea)) || s.id !== current.sides[i]?.id || s.name !== current.sides[i]?.name);
  if (deploy) scenario.push('sides');
  if (stored.scenarioId !== current.scenarioId || scenario.length > 0) out.push({ kind: 'scenario', id: stored.scenarioId, details: stored.scenarioId !== current.scenarioId ? [`now '${current.scenarioId}'`] : scenario });
  if (stored.rulesetId !== current.rulesetId || !same(stored.ruleset, current.ruleset)) {
    const groups = Object.keys(stored.ruleset).filter((k) => !same((stored.ruleset as unknown as Record<string, unknown>)[k], (current.ruleset as unknown as Record<string, unknown>)[k]));
    out.push({ kind: 'ruleset', id: stored.rulesetId, details: stored.rulesetId !== current.rulesetId ? [`now '${current.rulesetId}'`] : groups });
  }
  stored.sides.forEach((side, i) => {
    const now = current.sides[i];
    if (now === undefined) return;
    const strip = (m: BattleSetup['sides'][0]['members'][0]): unknown => ({ ...m, startArea: undefined });
    const details: string[] = [];
    if (side.crewId !== now.crewId) details.push(`now '${now.crewId}'`);
    if (side.crewName !== now.crewName || side.npc !== now.npc) details.push('name or npc');
    const ids = new Set([...side.members.map((m) => m.id), ...now.members.map((m) => m.id)]);
    for (const id of ids) {
      const a = side.members.find((m) => m.id === id);
      const b = now.members.find((m) => m.id === id);
      if (a === undefined || b === undefined || !same(strip(a), strip(b))) details.push(`member '${id}'${a === undefined ? ' added' : b === undefined ? ' removed' : ''}`);
    }
    if (details.length > 0) out.push({ kind: 'crew', id: side.crewId, details });
  });
  return out;
}

/** One readable sentence per difference, naming the file that defines it when `pathOf` knows it. */
export function describeDifferences(diffs: readonly SetupDifference[], pathOf: (kind: string, id: string) => string | undefined = () => undefined): string[] {
  return diffs.map((d) => {
    const path = pathOf(d.kind, d.id);
    return `${d.kind} '${d.id}'${path === undefined ? '' : ` (${path})`}: ${d.details.join(', ')}`;
  });
}
