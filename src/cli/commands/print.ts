import { resolve } from 'node:path';
import { PRINT_KINDS, renderPrintSheet } from '../../shared/print';
import type { PrintKind } from '../../shared/print';
import { modelOf, readWorkspaceDocuments } from '../../main/services/sim-setup';
import { atomicWrite } from '../../main/services/atomic-write';
import { EXIT, defaultIo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';

const USAGE = `usage: mortisphere print crew|scenario ID [--workspace DIR] --out FILE.html

Writes a print-ready sheet as one self-contained HTML file (open it in a browser and print, or
save as PDF): a crew's roster (every member with die, Health boxes, max roll by Health, abilities
and equipment in words, crew value, campaign record) or a scenario (Area map, deployment,
objectives and scoring, special rules, rounds). The app's Sheet view prints the same sheet.
Exit codes: 0 written, 2 usage error, unknown id or unwritable file.`;

/** `mortisphere print crew|scenario ID --workspace DIR --out FILE.html`; resolves to an exit code. */
export async function printCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('print', USAGE, argv, { workspace: { type: 'string' }, out: { type: 'string', short: 'o' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  const [kind, id, ...extra] = parsed.positionals;
  if (kind === undefined || id === undefined || extra.length > 0 || !(PRINT_KINDS as readonly string[]).includes(kind)) {
    io.err(`print: give what to print and its id, e.g. 'mortisphere print crew iron-choir --out iron-choir.html'\n${USAGE}`);
    return EXIT.usage;
  }
  const out = parsed.values.out;
  if (out === undefined) {
    io.err(`print: give the file to write with --out FILE.html\n${USAGE}`);
    return EXIT.usage;
  }
  const read = await readWorkspaceDocuments(resolve(parsed.values.workspace ?? '.'));
  if (!read.ok) {
    io.err(`print: ${read.error.message}`);
    return EXIT.usage;
  }
  const { model, diagnostics } = modelOf(read.value);
  const sheet = renderPrintSheet(model, kind as PrintKind, id);
  if (!sheet.ok) {
    io.err(`print: ${sheet.error.message}`);
    return EXIT.usage;
  }
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (errors > 0) io.err(`print: the workspace has ${errors} error(s); the sheet shows the documents as they are ('mortisphere validate' lists them)`);
  try {
    await atomicWrite(out, sheet.value.html);
  } catch (e) {
    io.err(`print: cannot write '${out}' (${(e as NodeJS.ErrnoException).code ?? 'error'}); check the folder exists and is writable`);
    return EXIT.usage;
  }
  io.out(`Wrote ${sheet.value.title} to ${out}`);
  return EXIT.ok;
}
