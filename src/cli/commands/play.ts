import { writeFile } from 'node:fs/promises';
import { describeEvent } from '../../shared/engine';
import { createBattleLog, serializeBattleLog } from '../../shared/engine/battle-log';
import { playBattle } from '../../shared/engine/sim/runner';
import { playBotSeed } from '../../shared/engine/sim/seed';
import { EXIT, defaultIo, intArg, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { botsArg, loadSetup } from './sim-load';

const USAGE = 'usage: mortisphere play SCENARIO [--workspace DIR] [--crews A,B] [--ai P,P] [--seed S] [--ruleset ID|FILE] [--log FILE]';

/**
 * `mortisphere play SCENARIO … --log FILE` (DESIGN.md): plays one battle between two bots,
 * prints its events and writes a self-contained battle log (`shared/engine/battle-log.ts`: the ids,
 * the seed, the resolved setup and every decision), which `replay` plays again anywhere.
 */
export async function playCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('play', USAGE, argv, {
    workspace: { type: 'string' },
    crews: { type: 'string' },
    ai: { type: 'string' },
    seed: { type: 'string' },
    ruleset: { type: 'string' },
    log: { type: 'string' },
  }, io);
  if (parsed.exit !== null) return parsed.exit;
  const v = parsed.values;
  if (parsed.positionals.length !== 1) {
    io.err(`play: give exactly one SCENARIO (an id or a file)\n${USAGE}`);
    return EXIT.usage;
  }
  const seed = v.seed === undefined ? 1 : intArg(v.seed, 0, 0xffffffff);
  if (seed === null) {
    io.err(`play: --seed '${v.seed}' must be a whole number 0..4294967295\n${USAGE}`);
    return EXIT.usage;
  }
  const bots = botsArg('play', v.ai, io);
  if (!bots.ok) return bots.exit;
  const loaded = await loadSetup('play', { workspace: v.workspace, scenario: parsed.positionals[0], crews: v.crews, ruleset: v.ruleset }, io);
  if (!loaded.ok) return loaded.exit;
  const played = playBattle(loaded.setup, bots.policies, seed, playBotSeed(seed), true);
  if (!played.ok) {
    io.err(`play: ${played.error.message}`);
    return EXIT.invalid;
  }
  for (const e of played.value.events) io.out(describeEvent(e, loaded.setup));
  if (v.log !== undefined) {
    try {
      await writeFile(v.log, serializeBattleLog(createBattleLog(loaded.setup, seed, played.value.decisions, bots.names)), 'utf8');
    } catch (e) {
      io.err(`play: cannot write the log '${v.log}': ${(e as Error).message}; choose a writable path`);
      return EXIT.usage;
    }
  }
  return EXIT.ok;
}
