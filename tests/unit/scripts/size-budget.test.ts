import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkBudget, MAIN_CHUNK_BUDGET, startScripts } from '../../../scripts/size-budget';

const REPO = resolve(__dirname, '../../..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fake renderer build: index.html loading `entry` (+ preloads), with files of the given sizes. */
function build(files: Record<string, number>, preload: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'size-budget-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  for (const [name, size] of Object.entries(files))
    writeFileSync(join(dir, 'assets', name), 'x'.repeat(size));
  const links = preload.map((p) => `<link rel="modulepreload" crossorigin href="./assets/${p}">`).join('\n');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><head><script type="module" crossorigin src="./assets/index-abc.js"></script>\n${links}</head>`,
  );
  return dir;
}

describe('the size budget of the renderer main chunk (issue 15)', () => {
  it('is 1.5 MB and counts the entry script and everything it preloads, not lazy chunks', () => {
    expect(MAIN_CHUNK_BUDGET).toBe(1_500_000);
    const dir = build({ 'index-abc.js': 900_000, 'vendor-1.js': 500_000, 'editor-chunk-9.js': 3_000_000 }, [
      'vendor-1.js',
    ]);
    const r = checkBudget(dir);
    expect(r.ok).toBe(true);
    expect(r.total).toBe(1_400_000);
    expect(r.scripts.map((s) => s.file)).toEqual(['./assets/index-abc.js', './assets/vendor-1.js']);
  });

  it('fails with a message naming the files, the size and the fix when the budget is passed', () => {
    const dir = build({ 'index-abc.js': 1_200_000, 'vendor-1.js': 400_000 }, ['vendor-1.js']);
    const r = checkBudget(dir);
    expect(r.ok).toBe(false);
    expect(r.message).toContain('1600.0 kB');
    expect(r.message).toContain('./assets/vendor-1.js 400.0 kB');
    expect(r.message).toMatch(/over the 1500\.0 kB budget\. Load the new dependency lazily/);
  });

  it('fails when there is no build, or the html names a missing file', () => {
    const empty = mkdtempSync(join(tmpdir(), 'size-budget-'));
    dirs.push(empty);
    expect(checkBudget(empty)).toMatchObject({
      ok: false,
      message: expect.stringContaining("run 'electron-vite build' first"),
    });
    const dir = build({});
    expect(checkBudget(dir)).toMatchObject({
      ok: false,
      message: expect.stringContaining('index-abc.js, which is not in'),
    });
  });

  it('reads script and modulepreload tags in any attribute order', () => {
    const html =
      '<script src="./a.js" type="module"></script><link href="./b.js" rel="modulepreload"><link rel="stylesheet" href="./c.css">';
    expect(startScripts(html)).toEqual(['./a.js', './b.js']);
  });

  it('as a command, exits 1 over budget and 0 within it', () => {
    const tsx = join(REPO, 'node_modules/.bin/tsx');
    const over = spawnSync(
      tsx,
      [join(REPO, 'scripts/size-budget.ts'), build({ 'index-abc.js': 1_600_000 })],
      { encoding: 'utf8' },
    );
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('size budget exceeded');
    const within = spawnSync(tsx, [join(REPO, 'scripts/size-budget.ts'), build({ 'index-abc.js': 1000 })], {
      encoding: 'utf8',
    });
    expect(within.status).toBe(0);
    expect(within.stdout).toContain('size budget: main chunk 1.0 kB');
  }, 60_000);

  it('runs as part of `npm run build` (and so of `npm run dist`)', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // Later build steps (the CLI bundle, issue 13) may follow the budget check.
    expect(pkg.scripts.build).toMatch(/^electron-vite build && tsx scripts\/size-budget\.ts( && |$)/);
    expect(pkg.scripts.dist).toMatch(/^npm run build && /);
  });
});

describe('production builds', () => {
  it('are minified with hidden source maps for main, preload and renderer', async () => {
    const { default: config } = (await import('../../../electron.vite.config')) as unknown as {
      default: Record<'main' | 'preload' | 'renderer', { build: { minify?: unknown; sourcemap?: unknown } }>;
    };
    for (const part of ['main', 'preload', 'renderer'] as const) {
      expect(config[part].build.minify, part).toBe(true);
      expect(config[part].build.sourcemap, part).toBe('hidden');
    }
  });

  it('leave the source maps out of the packaged app', () => {
    const builder = parse(readFileSync(join(REPO, 'electron-builder.yml'), 'utf8')) as { files: string[] };
    expect(builder.files).toContain('!**/*.map');
  });
});
