import { readFile } from 'node:fs/promises';
import { allPassed, judgeGate, prepareGates } from '../../shared/gates';
import { mergeParts, readPart } from '../../shared/sim-parts';
import type { SimPart } from '../../shared/sim-parts';
import { EXIT, defaultIo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { formatReport, printVerdicts, reportJson } from './sim-output';

const USAGE = `usage: mortisphere merge FILE… [--json] [--assert EXPR]…

Combines the statistics files of 'mortisphere simulate … --shard I/N --out FILE' (all N of one run)
into the report 'simulate' gives for the whole run: with --json, byte-identical to the unsharded
'simulate --json' apart from elapsedMs (here the sum of the shards' times).
  --assert EXPR   a balance gate on the merged run (README "Balance gates"); repeatable
Exit codes: 0 merged (every gate passed), 1 a gate failed or is inconclusive,
2 usage error, unreadable or damaged file, parts of different runs, a shard missing or given twice.`;

/** `mortisphere merge FILE… [--json] [--assert EXPR]…`; resolves to an exit code. */
export async function mergeCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('merge', USAGE, argv, { json: { type: 'boolean' }, assert: { type: 'string', multiple: true } }, io);
  if (parsed.exit !== null) return parsed.exit;
  if (parsed.positionals.length === 0) {
    io.err(`merge: give the statistics files to merge, e.g. mortisphere merge part-*.json\n${USAGE}`);
    return EXIT.usage;
  }
  const parts: { name: string; part: SimPart }[] = [];
  for (const name of parsed.positionals) {
    let data: unknown;
    try {
      data = JSON.parse(await readFile(name, 'utf8'));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      io.err(`merge: ${name}: ${code ? `cannot be read (${code}); check the path` : 'is not JSON; give the files written by simulate --shard I/N --out FILE'}`);
      return EXIT.usage;
    }
    const part = readPart(name, data);
    if (!part.ok) {
      io.err(`merge: ${part.error.message}`);
      return EXIT.usage;
    }
    parts.push({ name, part: part.value });
  }
  const merged = mergeParts(parts);
  if (!merged.ok) {
    io.err(`merge: ${merged.error.message}`);
    return EXIT.usage;
  }
  const report = merged.value;
  const gates = prepareGates(parsed.values.assert ?? [], report);
  if (!gates.ok) {
    io.err(`merge: ${gates.error.message}`);
    return EXIT.usage;
  }
  const verdicts = gates.value.map((g) => judgeGate(g, report));
  const json = parsed.values.json === true;
  if (json) io.out(reportJson(report, { assertions: parsed.values.assert !== undefined ? verdicts : undefined }));
  else io.out(`${formatReport(report, parts[0].part.run.bots)}${verdicts.length > 0 ? '\n' : ''}`);
  printVerdicts(io, verdicts, json);
  return allPassed(verdicts) ? EXIT.ok : EXIT.invalid;
}
