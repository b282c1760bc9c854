import { readFile } from 'node:fs/promises';
import { describeEvent, replayBattle } from '../../shared/engine';
import type { Action, BattleLog } from '../../shared/engine';
import { EXIT, defaultIo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { loadSetup } from './sim-load';

const USAGE = 'usage: mortisphere replay FILE [--workspace DIR]';

/** Checks that parsed JSON is a battle log; returns it or a message naming the bad field. */
export const parseBattleLog = (data: unknown): BattleLog | string => {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'the log must be a JSON object {scenario, crews, ruleset, seed, decisions}';
  const d = data as Record<string, unknown>;
  if (typeof d.scenario !== 'string') return "'scenario' must be a scenario id";
  if (!Array.isArray(d.crews) || d.crews.length !== 2 || !d.crews.every((x) => typeof x === 'string')) return "'crews' must be two crew ids";
  if (typeof d.ruleset !== 'string') return "'ruleset' must be a ruleset id";
  if (typeof d.seed !== 'number' || !Number.isInteger(d.seed) || d.seed < 0 || d.seed > 0xffffffff) return "'seed' must be a whole number 0..4294967295";
  if (!Array.isArray(d.decisions) || !d.decisions.every((x) => x !== null && typeof x === 'object' && typeof (x as { type?: unknown }).type === 'string')) return "'decisions' must be a list of actions";
  return { scenario: d.scenario, crews: [d.crews[0], d.crews[1]], ruleset: d.ruleset, seed: d.seed, decisions: d.decisions as Action[] };
};

/**
 * `mortisphere replay FILE` (DESIGN.md): rebuilds the battle from the workspace and the log's
 * seed and decisions, and prints the same events `play` printed. Exit 1 when the log does not
 * match the workspace, 2 for an unreadable or malformed log.
 */
export async function replayCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('replay', USAGE, argv, { workspace: { type: 'string' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  if (parsed.positionals.length !== 1) {
    io.err(`replay: give exactly one battle log FILE (written by 'mortisphere play --log FILE')\n${USAGE}`);
    return EXIT.usage;
  }
  const file = parsed.positionals[0];
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    io.err(`replay: cannot read the battle log '${file}': ${(e as Error).message}; pass a file written by 'mortisphere play --log'`);
    return EXIT.usage;
  }
  const log = parseBattleLog(data);
  if (typeof log === 'string') {
    io.err(`replay: ${file}: ${log}`);
    return EXIT.usage;
  }
  const loaded = await loadSetup('replay', { workspace: parsed.values.workspace, scenario: log.scenario, crews: log.crews.join(','), ruleset: log.ruleset }, io);
  if (!loaded.ok) return loaded.exit;
  const replayed = replayBattle(loaded.setup, log.seed, log.decisions);
  if (!replayed.ok) {
    io.err(`replay: ${file}: ${replayed.error.message}`);
    return EXIT.invalid;
  }
  for (const e of replayed.value.events) io.out(describeEvent(e, loaded.setup));
  return EXIT.ok;
}
