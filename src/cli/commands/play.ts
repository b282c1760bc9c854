import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { describeEvent } from '../../shared/engine';
import type { BattleLog } from '../../shared/engine';
import { POLICY_NAMES, getPolicies } from '../../shared/engine/bots';
import { playBattle } from '../../shared/engine/sim/runner';
import { playBotSeed } from '../../shared/engine/sim/seed';
import { EXIT, defaultIo, intArg, pairArg } from './cli-common';
import type { CliIo } from './cli-common';
import { loadSetup } from './sim-load';

const USAGE = 'usage: mortisphere play SCENARIO [--workspace DIR] [--crews A,B] [--ai P,P] [--seed S] [--ruleset ID|FILE] [--log FILE]';

/**
 * `mortisphere play SCENARIO … --log FILE` (DESIGN.md): plays one battle between two bots,
 * prints its events and writes the battle log `{scenario, crews, ruleset, seed, decisions}`.
 */
export async function playCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        workspace: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        crews: { type: 'string' },
        ai: { type: 'string' },
        seed: { type: 'string' },
        ruleset: { type: 'string' },
        log: { type: 'string' },
      },
    });
  } catch (e) {
    io.err(`play: ${(e as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  if (parsed.values.help) {
    io.out(USAGE);
    return EXIT.ok;
  }
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
  const ai = v.ai === undefined ? (['greedy', 'greedy'] as [string, string]) : pairArg(v.ai);
  if (ai === null) {
    io.err(`play: --ai '${v.ai}' must be two bots separated by a comma, e.g. --ai greedy,random; bots: ${POLICY_NAMES.join(', ')}`);
    return EXIT.usage;
  }
  const bots = getPolicies(ai);
  if (!bots.ok) {
    io.err(`play: ${bots.error.message}`);
    return EXIT.usage;
  }
  const loaded = await loadSetup('play', { workspace: v.workspace, scenario: parsed.positionals[0], crews: v.crews, ruleset: v.ruleset }, io);
  if (!loaded.ok) return loaded.exit;
  const played = playBattle(loaded.setup, bots.value, seed, playBotSeed(seed), true);
  if (!played.ok) {
    io.err(`play: ${played.error.message}`);
    return EXIT.invalid;
  }
  for (const e of played.value.events) io.out(describeEvent(e, loaded.setup));
  if (v.log !== undefined) {
    const log: BattleLog = { scenario: loaded.setup.scenarioId, crews: loaded.crews, ruleset: loaded.setup.rulesetId, seed, decisions: played.value.decisions };
    try {
      await writeFile(v.log, `${JSON.stringify(log, null, 2)}\n`, 'utf8');
    } catch (e) {
      io.err(`play: cannot write the log '${v.log}': ${(e as Error).message}; choose a writable path`);
      return EXIT.usage;
    }
  }
  return EXIT.ok;
}
