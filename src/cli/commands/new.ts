import { cp, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { WORKSPACE_SCHEMA_DIR, vscodeSettings } from '../../shared/model/portable-schemas';
import { atomicWrite } from '../../main/services/atomic-write';
import { EXIT_CODES } from '../exit-codes';
import { defaultIo, packageInfo, packageRoot, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { writeSchemas } from './schemas';

/** Usage text of `mortisphere new`. */
export const NEW_USAGE = `usage: mortisphere new DIR [--ci github]

Creates a workspace in DIR from the bundled template (mortisphere.yaml with a balance check, a
crew, a scenario, libraries) plus .vscode/settings.json and .vscode/schemas/ for VS Code's YAML
extension. DIR is created if missing and must be empty.
  --ci github   also write .github/workflows/mortisphere.yml: validate (annotations and SARIF
                upload to code scanning) and 'mortisphere check' on every push and pull request;
                DIR should be the repository root
Exit codes: 0 created, 2 usage error or DIR not empty.`;

/** The bundled workspace template folder (resources/templates/workspace). */
export function templateDir(): string {
  return join(packageRoot(), 'resources', 'templates', 'workspace');
}

/** The bundled CI workflow template of `--ci github`. */
const workflowTemplate = (): string => join(packageRoot(), 'resources', 'templates', 'ci', 'github-workflow.yml');

/** Editor settings and CI files written next to the template; paths relative to the workspace. */
async function extraFiles(ci: string | undefined): Promise<{ path: string; text: string }[]> {
  const files = [
    { path: '.vscode/settings.json', text: `${JSON.stringify(vscodeSettings(), null, 2)}\n` },
    { path: '.vscode/extensions.json', text: `${JSON.stringify({ recommendations: ['redhat.vscode-yaml'] }, null, 2)}\n` },
  ];
  if (ci === 'github') {
    const { name, version } = packageInfo();
    const text = (await readFile(workflowTemplate(), 'utf8')).replaceAll('{{package}}', `${name}@${version}`);
    files.push({ path: '.github/workflows/mortisphere.yml', text });
  }
  return files;
}

/** `mortisphere new DIR [--ci github]`: copies the template into an empty or new DIR; never overwrites. */
export async function newCommand(argv: string[], io: CliIo = defaultIo, template: string = templateDir()): Promise<number> {
  const parsed = parseCommand('new', NEW_USAGE, argv, { ci: { type: 'string' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  if (parsed.positionals.length !== 1) {
    io.err(`new: give exactly one folder, e.g. 'mortisphere new my-campaign'\n${NEW_USAGE}`);
    return EXIT_CODES.usage;
  }
  const ci = parsed.values.ci;
  if (ci !== undefined && ci !== 'github') {
    io.err(`new: --ci '${ci}' is not supported; the only CI template is --ci github\n${NEW_USAGE}`);
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
  let extras: { path: string; text: string }[];
  try {
    await stat(join(template, 'mortisphere.yaml'));
    extras = await extraFiles(ci);
  } catch {
    io.err(`new: the bundled template is missing (${template}); reinstall mortisphere-studio`);
    return EXIT_CODES.usage;
  }
  try {
    await mkdir(target, { recursive: true });
    await cp(template, target, { recursive: true, errorOnExist: true, force: false });
    for (const f of extras) {
      await mkdir(join(target, f.path, '..'), { recursive: true });
      await atomicWrite(join(target, f.path), f.text);
    }
    await writeSchemas(join(target, WORKSPACE_SCHEMA_DIR));
  } catch (e) {
    io.err(`new: cannot write '${parsed.positionals[0]}' (${(e as NodeJS.ErrnoException).code ?? 'error'}); check the folder's permissions`);
    return EXIT_CODES.usage;
  }
  const next = ci === 'github' ? `; commit it and push: the workflow validates and runs 'mortisphere check'` : '';
  io.out(`Created a Mortisphere workspace in ${parsed.positionals[0]}. Next: mortisphere validate ${parsed.positionals[0]}${next}`);
  return EXIT_CODES.ok;
}
