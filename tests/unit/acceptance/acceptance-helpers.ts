import { cp, mkdtemp, rm, writeFile, mkdir, readFile } from 'node:fs/promises';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../../src/cli/index';
import type { Diagnostic } from '../../../src/shared/diagnostics';

/** The fresh acceptance workspaces (tests/fixtures/acceptance). */
export const ACCEPTANCE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'acceptance');
export const FIXTURES = ['flat-yml', 'deep-nested', 'yaml-features'] as const;

/** Every *.yaml / *.yml of a folder as {path, text}, paths relative with '/', sorted. */
export function readTree(root: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (rel: string) => {
    for (const n of readdirSync(join(root, rel))) {
      const p = rel ? `${rel}/${n}` : n;
      if (statSync(join(root, p)).isDirectory()) walk(p);
      else if (/\.ya?ml$/i.test(n)) out.push({ path: p, text: readFileSync(join(root, p), 'utf8') });
    }
  };
  walk('');
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** A temp copy of one fixture; `done()` removes it. */
export async function tempCopy(fixture: string): Promise<{ root: string; base: string; done: () => Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), 'ms-accept-'));
  const root = join(base, 'ws');
  await cp(join(ACCEPTANCE, fixture), root, { recursive: true });
  return { root, base, done: () => rm(base, { recursive: true, force: true }) };
}

/** One edit of a workspace file: replace the first `find` (must exist) or, with find null, set the whole text. */
export interface Edit {
  file: string;
  find: string | null;
  replace: string;
}

/** Applies an edit on disk below `root`. */
export async function applyEdit(root: string, e: Edit): Promise<void> {
  const abs = join(root, e.file);
  if (e.find === null) {
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, e.replace);
    return;
  }
  const text = await readFile(abs, 'utf8');
  if (!text.includes(e.find)) throw new Error(`edit target not found in ${e.file}: ${e.find}`);
  await writeFile(abs, text.replace(e.find, e.replace));
}

/** Runs the real CLI in process; resolves to its exit code and captured output lines. */
export async function cli(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(...t.split('\n')), err: (t) => err.push(...t.split('\n')) });
  return { code, out, err };
}

/** `mortisphere validate DIR --format json`, parsed. */
export async function validateJson(dir: string): Promise<{ code: number; report: { files: number; errors: Diagnostic[]; warnings: Diagnostic[] } }> {
  const r = await cli(['validate', dir, '--format', 'json']);
  return { code: r.code, report: JSON.parse(r.out.join('\n')) };
}

/** `file:line:column severity code` of a diagnostic. */
export const where = (d: Diagnostic): string => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.code}`;
