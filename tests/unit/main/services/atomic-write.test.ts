import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atomicWrite, isAtomicTemp, realFs } from '../../../../src/main/services/atomic-write';
import type { AtomicFs } from '../../../../src/main/services/atomic-write';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ms-atomic-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The module compiled to plain JS so each child starts in milliseconds (no tsx). */
async function compiledModule(): Promise<string> {
  const source = await readFile(new URL('../../../../src/main/services/atomic-write.ts', import.meta.url), 'utf8');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const file = join(dir, 'atomic-write.mjs');
  await writeFile(file, js);
  return file;
}

describe('atomicWrite', () => {
  it('writes, replaces and leaves no temp file', async () => {
    const target = join(dir, 'plain.yaml');
    await atomicWrite(target, 'one');
    await atomicWrite(target, 'two');
    expect(await readFile(target, 'utf8')).toBe('two');
    expect((await readdir(dir)).filter(isAtomicTemp)).toEqual([]);
  });

  it('a child killed mid-save 200 times leaves the old or the new bytes, never a torn file', async () => {
    const modulePath = await compiledModule();
    const work = join(dir, 'kill');
    await mkdir(work);
    const size = 512 * 1024;
    const a = Buffer.alloc(size, 'a');
    const b = Buffer.alloc(size, 'b');
    const child = join(dir, 'child.mjs');
    await writeFile(
      child,
      `import { atomicWrite } from ${JSON.stringify(modulePath)};
const target = process.argv[2];
const a = Buffer.alloc(${size}, 'a'); const b = Buffer.alloc(${size}, 'b');
let i = 0; let said = false;
for (;;) { const p = atomicWrite(target, i++ % 2 ? a : b); if (!said) { process.stdout.write('go\\n'); said = true; } await p; }
`,
    );
    const outcomes = { a: 0, b: 0 };
    // Several children at once (each on its own file) keep the 200 rounds within the time budget.
    const lanes = 6;
    const rounds = 200;
    let next = 0;
    const lane = async (id: number): Promise<void> => {
      const target = join(work, `big-${id}.yaml`);
      await writeFile(target, a);
      while (next < rounds) {
        const round = next++;
        const proc = spawn(process.execPath, [child, target], { stdio: ['ignore', 'pipe', 'inherit'] });
        await new Promise<void>((resolve) => proc.stdout.once('data', () => resolve()));
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 30)));
        proc.kill('SIGKILL');
        await new Promise((resolve) => proc.once('exit', resolve));
        const bytes = await readFile(target);
        const isA = bytes.equals(a);
        const isB = bytes.equals(b);
        expect(isA || isB, `round ${round}: file is neither version (length ${bytes.length})`).toBe(true);
        outcomes[isA ? 'a' : 'b']++;
      }
    };
    await Promise.all(Array.from({ length: lanes }, (_, i) => lane(i)));
    expect(outcomes.a + outcomes.b).toBe(rounds);
    // Both versions were seen, so kills landed at different moments of the save loop.
    expect(outcomes.a).toBeGreaterThan(0);
    expect(outcomes.b).toBeGreaterThan(0);
  }, 600_000);

  it('an injected failing disk (ENOSPC mid-write) leaves the original intact and removes the temp file', async () => {
    const target = join(dir, 'inject.yaml');
    await writeFile(target, 'original');
    const failing: AtomicFs = {
      ...realFs,
      open: (async (...args: Parameters<typeof realFs.open>) => {
        const handle = await realFs.open(...args);
        return Object.assign(Object.create(Object.getPrototypeOf(handle) as object) as object, handle, {
          writeFile: async () => {
            throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
          },
          close: () => handle.close(),
          sync: () => handle.sync(),
        });
      }) as typeof realFs.open,
    };
    await expect(atomicWrite(target, 'new', { fs: failing })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await readFile(target, 'utf8')).toBe('original');
    expect((await readdir(dir)).filter(isAtomicTemp)).toEqual([]);
  });
});
