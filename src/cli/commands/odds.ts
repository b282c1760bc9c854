import type { DieName, RulesetKnobs } from '../../shared/model/types';
import { DICE } from '../../shared/model/types';
import { pairOdds, toFraction, toNumber } from '../../shared/engine/odds';
import type { PairOdds } from '../../shared/engine/odds';
import { resolveRulesetArg } from '../../main/services/sim-setup';
import { EXIT, parseCommand, printDiagnostics, type CliIo, defaultIo } from './cli-common';

const USAGE = 'usage: mortisphere odds A B [--lost-a N] [--lost-b N] [--ruleset ID|FILE] [--workspace DIR] [--json]';

/** The `odds --json` shape of DESIGN.md: each outcome as a lowest-terms fraction and its value. */
export const oddsJson = (o: PairOdds): Record<'attackerWins' | 'defenderWins' | 'tie', { fraction: string; value: number }> => ({
  attackerWins: { fraction: toFraction(o.attackerWins), value: toNumber(o.attackerWins) },
  defenderWins: { fraction: toFraction(o.defenderWins), value: toNumber(o.defenderWins) },
  tie: { fraction: toFraction(o.tie), value: toNumber(o.tie) },
});

const lostArg = (name: string, raw: string | undefined): number | string => {
  if (raw === undefined) return 0;
  if (!/^\d+$/.test(raw)) return `--${name} '${raw}' is not a whole number ≥ 0; e.g. --${name} 1`;
  return Number(raw);
};

/** Checks the knobs odds reads, so a hand-written ruleset file cannot produce nonsense. */
const knobProblem = (k: RulesetKnobs): string | null => {
  const { maxRollStep, maxRollFloor, cappedRoll } = k.damage;
  if (!Number.isInteger(maxRollStep) || maxRollStep < 0) return `damage.maxRollStep ${String(maxRollStep)} must be a whole number ≥ 0`;
  if (!Number.isInteger(maxRollFloor) || maxRollFloor < 1) return `damage.maxRollFloor ${String(maxRollFloor)} must be a whole number ≥ 1`;
  if (cappedRoll !== 'clamp' && cappedRoll !== 'reroll') return `damage.cappedRoll '${String(cappedRoll)}' must be clamp or reroll`;
  if (!['standoff', 'attacker', 'defender', 'bothDamaged', 'reroll'].includes(k.clash.tie)) return `clash.tie '${String(k.clash.tie)}' must be standoff, attacker, defender, bothDamaged or reroll`;
  return null;
};

/**
 * `mortisphere odds A B …` (DESIGN.md): exact odds of one defended pair (R4.2) of plain dice.
 * Exit 0 on success, 1 for a workspace or ruleset with errors, 2 for a usage error.
 */
export async function oddsCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('odds', USAGE, argv, {
    'lost-a': { type: 'string' },
    'lost-b': { type: 'string' },
    ruleset: { type: 'string' },
    workspace: { type: 'string' },
    json: { type: 'boolean' },
  }, io);
  if (parsed.exit !== null) return parsed.exit;
  const [a, b, ...rest] = parsed.positionals;
  if (a === undefined || b === undefined || rest.length > 0) {
    io.err(`odds: give exactly two dice, e.g. 'mortisphere odds d6 d10'\n${USAGE}`);
    return EXIT.usage;
  }
  for (const d of [a, b]) {
    if (!(DICE as readonly string[]).includes(d)) {
      io.err(`odds: '${d}' is not an Existence Die; use one of ${DICE.join(', ')}\n${USAGE}`);
      return EXIT.usage;
    }
  }
  const lostA = lostArg('lost-a', parsed.values['lost-a']);
  const lostB = lostArg('lost-b', parsed.values['lost-b']);
  for (const l of [lostA, lostB]) {
    if (typeof l === 'string') {
      io.err(`odds: ${l}\n${USAGE}`);
      return EXIT.usage;
    }
  }
  const ruleset = await resolveRulesetArg(parsed.values.workspace ?? '.', parsed.values.ruleset);
  if (!ruleset.ok) {
    printDiagnostics(io, ruleset.error.diagnostics ?? []);
    io.err(`odds: ${ruleset.error.message}`);
    return ruleset.error.code === 'setup/unknown-id' ? EXIT.usage : EXIT.invalid;
  }
  const problem = knobProblem(ruleset.value.knobs);
  if (problem !== null) {
    io.err(`odds: ruleset '${ruleset.value.id}': ${problem}; fix the ruleset document`);
    return EXIT.invalid;
  }
  const odds = pairOdds({ die: a as DieName, lost: lostA as number }, { die: b as DieName, lost: lostB as number }, ruleset.value.knobs);
  if (parsed.values.json) {
    io.out(JSON.stringify(oddsJson(odds)));
    return EXIT.ok;
  }
  const pct = (x: number): string => `${(x * 100).toFixed(2)}%`.padStart(8);
  const row = (label: string, r: PairOdds['tie']): string => `${label.padEnd(15)}${toFraction(r).padStart(14)}  ${pct(toNumber(r))}`;
  io.out(
    [
      `${a} (lost ${String(lostA)}) attacks ${b} (lost ${String(lostB)}) under ruleset '${ruleset.value.id}' (tie: ${ruleset.value.knobs.clash.tie})`,
      row('attacker wins', odds.attackerWins),
      row('defender wins', odds.defenderWins),
      row('tie', odds.tie),
    ].join('\n'),
  );
  return EXIT.ok;
}
