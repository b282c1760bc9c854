import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { KIND_GLOBS, portableSchemas } from '../../shared/model/portable-schemas';
import { atomicWrite } from '../../main/services/atomic-write';
import { EXIT_CODES } from '../exit-codes';
import { defaultIo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';

const USAGE = `usage: mortisphere schemas --out DIR

Writes the JSON Schemas (draft 2020-12) of every document kind to DIR, with relative $refs
(./common.schema.json#…) so editors resolve them offline: point VS Code's YAML extension
('yaml.schemas'), JetBrains or any yaml-language-server client at them. Existing *.schema.json
files of the same names are replaced (run it again after upgrading); nothing else is touched.
Exit codes: 0 written, 2 usage error or DIR not writable.`;

/** Writes every portable schema into `dir` (created if missing); returns the file names. */
export async function writeSchemas(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files = portableSchemas();
  for (const { file, schema } of files) await atomicWrite(join(dir, file), `${JSON.stringify(schema, null, 2)}\n`);
  return files.map((f) => f.file);
}

/** `mortisphere schemas --out DIR`; resolves to an exit code. */
export async function schemasCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('schemas', USAGE, argv, { out: { type: 'string', short: 'o' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  const out = parsed.values.out;
  if (out === undefined || parsed.positionals.length > 0) {
    io.err(`schemas: give the folder to write to with --out DIR\n${USAGE}`);
    return EXIT_CODES.usage;
  }
  try {
    if (!(await stat(out)).isDirectory()) {
      io.err(`schemas: '${out}' exists and is not a folder; choose a folder`);
      return EXIT_CODES.usage;
    }
  } catch {
    /* missing: created */
  }
  let written: string[];
  try {
    written = await writeSchemas(out);
  } catch (e) {
    io.err(`schemas: cannot write to '${out}' (${(e as NodeJS.ErrnoException).code ?? 'error'}); check the folder's permissions`);
    return EXIT_CODES.usage;
  }
  io.out(`Wrote ${written.length} schemas to ${out}: ${written.join(', ')}`);
  io.err(`Kinds are told apart by 'kind:'; editors pick schemas by path, e.g. ${Object.entries(KIND_GLOBS).slice(1, 3).map(([k, g]) => `${k}.schema.json for ${g[0]}`).join(', ')} (see .vscode/settings.json of 'mortisphere new')`);
  return EXIT_CODES.ok;
}
