import { readFile } from 'node:fs/promises';
import { describeEvent } from '../../shared/engine';
import type { BattleSetup } from '../../shared/engine';
import { compareSetups, describeDifferences, parseBattleLog, replayLog } from '../../shared/engine/battle-log';
import type { BattleLog } from '../../shared/engine/battle-log';
import { prepareSetup, readWorkspaceDocuments } from '../../main/services/sim-setup';
import { EXIT, defaultIo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { loadSetup } from './sim-load';

const USAGE = 'usage: mortisphere replay FILE [--workspace DIR]';

/**
 * Notes on stderr how the workspace's current files differ from the setup a self-contained log
 * stored (nothing when they give the same battle, or when there is no workspace to compare).
 */
async function noteDifferences(log: BattleLog, stored: BattleSetup, dir: string, io: CliIo): Promise<void> {
  const read = await readWorkspaceDocuments(dir);
  if (!read.ok || Object.keys(read.value).length === 0) return;
  const prepared = prepareSetup(read.value, { scenario: log.scenario, crews: log.crews, ruleset: log.ruleset });
  const note = (text: string): void => io.err(`replay: note: ${text}; replayed the setup stored in the log`);
  if (!prepared.ok) {
    note(`the workspace at '${dir}' cannot rebuild this battle (${prepared.error.message})`);
    return;
  }
  const diffs = compareSetups(stored, prepared.value.setup);
  if (diffs.length === 0) return;
  const pathOf = (kind: string, id: string): string | undefined => prepared.value.model.pathOf.get(`${kind}:${id}`);
  note(`the workspace's current files differ from the ones this battle was played with: ${describeDifferences(diffs, pathOf).join('; ')}`);
}

/**
 * `mortisphere replay FILE` (DESIGN.md): plays a battle log again and prints the same events
 * `play` printed. A self-contained (version 2) log replays its stored setup anywhere and notes on
 * stderr when the workspace's current files differ; a version 1 log is rebuilt from the
 * workspace. Exit 1 when the decisions do not fit, 2 for an unreadable or malformed log.
 */
export async function replayCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('replay', USAGE, argv, { workspace: { type: 'string' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  if (parsed.positionals.length !== 1) {
    io.err(`replay: give exactly one battle log FILE (written by 'mortisphere play --log FILE')\n${USAGE}`);
    return EXIT.usage;
  }
  const file = parsed.positionals[0];
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    io.err(`replay: cannot read the battle log '${file}': ${(e as Error).message}; pass a file written by 'mortisphere play --log'`);
    return EXIT.usage;
  }
  const log = parseBattleLog(text);
  if (!log.ok) {
    io.err(`replay: ${file}: ${log.error.message}`);
    return EXIT.usage;
  }
  const workspace = parsed.values.workspace ?? '.';
  let setup: BattleSetup;
  if (log.value.setup !== undefined) {
    setup = log.value.setup;
    await noteDifferences(log.value, setup, workspace, io);
  } else {
    const loaded = await loadSetup('replay', { workspace: parsed.values.workspace, scenario: log.value.scenario, crews: log.value.crews.join(','), ruleset: log.value.ruleset }, io);
    if (!loaded.ok) {
      io.err(`replay: ${file} is a version 1 log (ids only), so it replays against a workspace: pass --workspace DIR holding its scenario, crews and ruleset`);
      return loaded.exit;
    }
    setup = loaded.setup;
  }
  const replayed = replayLog(log.value, setup);
  if (!replayed.ok) {
    io.err(`replay: ${file}: ${replayed.error.message}`);
    return EXIT.invalid;
  }
  for (const e of replayed.value.events) io.out(describeEvent(e, setup));
  return EXIT.ok;
}
