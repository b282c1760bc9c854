import { cp, mkdir, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EXIT_CODES } from '../exit-codes';
import { packageRoot } from '../package-root';
import { defaultIo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';

/** Usage text of `mortisphere new`. */
export const NEW_USAGE = `usage: mortisphere new DIR

Creates a workspace in DIR from the bundled template (mortisphere.yaml, a crew, a scenario, …).
DIR is created if missing and must be empty. Exit codes: 0 created, 2 usage error or DIR not empty.`;

/** The bundled workspace template folder (resources/templates/workspace). */
export function templateDir(): string {
  return join(packageRoot(), 'resources', 'templates', 'workspace');
}

/** `mortisphere new DIR`: copies the template into an empty or new DIR; never overwrites. */
export async function newCommand(argv: string[], io: CliIo = defaultIo, template: string = templateDir()): Promise<number> {
  const parsed = parseCommand('new', NEW_USAGE, argv, {}, io);
  if (parsed.exit !== null) return parsed.exit;
  if (parsed.positionals.length !== 1) {
    io.err(`new: give exactly one folder, e.g. 'mortisphere new my-campaign'\n${NEW_USAGE}`);
    return EXIT_CODES.usage;
  }
  const target = resolve(parsed.positionals[0]);
  try {
    const st = await stat(target);
    if (!st.isDirectory()) {
      io.err(`new: '${parsed.positionals[0]}' exists and is not a folder; choose a new folder name`);
      return EXIT_CODES.usage;
    }
    if ((await readdir(target)).length > 0) {
      io.err(`new: '${parsed.positionals[0]}' is not empty; choose a new or empty folder (nothing was written)`);
      return EXIT_CODES.usage;
    }
  } catch {
    /* missing: created below */
  }
  try {
    await stat(join(template, 'mortisphere.yaml'));
  } catch {
    io.err(`new: the bundled template is missing (${template}); reinstall mortisphere-studio`);
    return EXIT_CODES.usage;
  }
  try {
    await mkdir(target, { recursive: true });
    await cp(template, target, { recursive: true, errorOnExist: true, force: false });
  } catch (e) {
    io.err(`new: cannot write '${parsed.positionals[0]}' (${(e as NodeJS.ErrnoException).code ?? 'error'}); check the folder's permissions`);
    return EXIT_CODES.usage;
  }
  io.out(`Created a Mortisphere workspace in ${parsed.positionals[0]}. Next: mortisphere validate ${parsed.positionals[0]}`);
  return EXIT_CODES.ok;
}
