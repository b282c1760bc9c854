import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../../../src/shared/diagnostics';

/** A small workspace on disk for service tests. */
export const FIXTURE_FILES: Record<string, string> = {
  'mortisphere.yaml': 'kind: workspace\nschemaVersion: 1\nname: Test Reach\nruleset: core\n',
  'crews/iron-choir.yaml': 'kind: crew\nschemaVersion: 1\nid: iron-choir\nname: The Iron Choir\nnpc: false\nmembers: []\n',
  'scenarios/foundry.yaml': 'kind: scenario\nschemaVersion: 1\nid: foundry\nname: Drowned Foundry\n',
  'notes.txt': 'not a document\n',
  '.hidden/skip.yaml': 'kind: crew\n',
  'node_modules/x/skip.yaml': 'kind: crew\n',
};

/** Creates a temp workspace (real path) and a separate temp data folder. */
export async function makeWorkspace(files: Record<string, string> = FIXTURE_FILES): Promise<{ root: string; dataDir: string; base: string }> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'ms-ws-')));
  const root = join(base, 'ws');
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), text);
  }
  await mkdir(join(base, 'data'), { recursive: true });
  return { root, dataDir: join(base, 'data'), base };
}

/** A stand-in validator: one `schema` error per file whose text contains `BROKEN`. */
export const fakeValidate = (files: { path: string; text: string }[]): Diagnostic[] =>
  files
    .filter((f) => f.text.includes('BROKEN'))
    .map((f) => ({ file: f.path, line: 1, column: 1, endLine: 1, endColumn: 2, severity: 'error' as const, code: 'schema' as const, message: `${f.path} is broken` }));
