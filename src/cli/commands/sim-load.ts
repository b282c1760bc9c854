import type { DocumentTexts } from '../../shared/api';
import type { BattleSetup } from '../../shared/engine';
import { POLICY_NAMES, getPolicies } from '../../shared/engine/bots';
import type { Policy } from '../../shared/engine/bots';
import { idFromArg, looksLikeFile, prepareSetup, readWorkspaceDocuments } from '../../main/services/sim-setup';
import { EXIT, pairArg, printDiagnostics } from './cli-common';
import type { CliIo } from './cli-common';

/** Arguments shared by `simulate` and `play` that pick the battle. */
export interface SetupArgs {
  workspace?: string;
  scenario: string;
  crews?: string;
  ruleset?: string;
}

/** A loaded setup, or the exit code after the error was printed. */
export type Loaded = { ok: true; setup: BattleSetup; documents: DocumentTexts; crews: [string, string] } | { ok: false; exit: number };

/**
 * Reads the workspace, resolves SCENARIO / --ruleset given as ids or files, validates and builds
 * the setup. Prints diagnostics (exit 1) or a usage-style message listing valid ids (exit 2).
 */
export async function loadSetup(command: string, args: SetupArgs, io: CliIo): Promise<Loaded> {
  const dir = args.workspace ?? '.';
  const read = await readWorkspaceDocuments(dir);
  if (!read.ok) {
    io.err(`${command}: ${read.error.message}`);
    return { ok: false, exit: EXIT.usage };
  }
  const documents = read.value;
  let crews: [string, string] | undefined;
  if (args.crews !== undefined) {
    const pair = pairArg(args.crews);
    if (pair === null) {
      io.err(`${command}: --crews '${args.crews}' must be two crew ids separated by a comma, e.g. --crews iron-choir,rot-saints`);
      return { ok: false, exit: EXIT.usage };
    }
    crews = pair;
  }
  const scenario = await idFromArg(dir, documents, args.scenario, 'scenario');
  if (!scenario.ok) {
    io.err(`${command}: ${scenario.error.message}`);
    return { ok: false, exit: EXIT.usage };
  }
  let ruleset: string | undefined;
  if (args.ruleset !== undefined) {
    const r = await idFromArg(dir, documents, args.ruleset, 'ruleset');
    if (!r.ok) {
      io.err(`${command}: ${r.error.message}`);
      return { ok: false, exit: EXIT.usage };
    }
    ruleset = r.value;
  }
  const prepared = prepareSetup(documents, { scenario: scenario.value, crews, ruleset });
  if (!prepared.ok) {
    printDiagnostics(io, prepared.error.diagnostics ?? []);
    io.err(`${command}: ${prepared.error.message}`);
    return { ok: false, exit: prepared.error.code === 'setup/unknown-id' && !looksLikeFile(args.scenario) ? EXIT.usage : EXIT.invalid };
  }
  const setup = prepared.value.setup;
  return { ok: true, setup, documents, crews: [setup.sides[0].crewId, setup.sides[1].crewId] };
}

/** Two bots picked by `--ai P,P`: their names and policies, or the exit code after the error was printed. */
export type Bots = { ok: true; names: [string, string]; policies: [Policy, Policy] } | { ok: false; exit: number };

/**
 * Reads `--ai P,P` (default `greedy,greedy`) for `command`; exit 2 with a message listing the
 * bots when it is not two names or names an unknown bot.
 */
export function botsArg(command: string, raw: string | undefined, io: CliIo): Bots {
  const names = raw === undefined ? (['greedy', 'greedy'] as [string, string]) : pairArg(raw);
  if (names === null) {
    io.err(`${command}: --ai '${raw}' must be two bots separated by a comma, e.g. --ai greedy,random; bots: ${POLICY_NAMES.join(', ')}`);
    return { ok: false, exit: EXIT.usage };
  }
  const bots = getPolicies(names);
  if (!bots.ok) {
    io.err(`${command}: ${bots.error.message}`);
    return { ok: false, exit: EXIT.usage };
  }
  return { ok: true, names, policies: bots.value };
}
