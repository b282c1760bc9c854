import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, isAbsolute } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRelativePath, resolveInside } from '../../../../src/main/services/paths';

let base: string;
let root: string;
let outsideDir: string;

const inside = (abs: string): boolean => {
  const rel = relative(root, abs);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'ms-paths-')));
  root = join(base, 'root');
  outsideDir = join(base, 'outside');
  await mkdir(join(root, 'crews'), { recursive: true });
  await mkdir(outsideDir);
  await writeFile(join(root, 'crews', 'a.yaml'), 'kind: crew\n');
  await writeFile(join(outsideDir, 'secret.yaml'), 'secret\n');
  await symlink(outsideDir, join(root, 'link-out'));
  await symlink(join(outsideDir, 'secret.yaml'), join(root, 'secret.yaml'));
  await symlink(join(outsideDir, 'missing.yaml'), join(root, 'dangling.yaml'));
  await symlink(join(root, 'crews'), join(root, 'link-in'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('resolveInside', () => {
  it('accepts plain relative paths, existing or not, and resolves them below the root', async () => {
    for (const p of ['crews/a.yaml', 'crews/new.yaml', 'deep/new/folder/x.yml', 'mortisphere.yaml']) {
      const r = await resolveInside(root, p);
      expect(r.ok, p).toBe(true);
      if (r.ok) {
        expect(inside(r.value.abs)).toBe(true);
        expect(r.value.rel).toBe(p);
      }
    }
  });

  it('follows a symlink that stays inside the root', async () => {
    const r = await resolveInside(root, 'link-in/a.yaml');
    expect(r.ok && r.value.abs).toBe(join(root, 'crews', 'a.yaml'));
  });

  it.each([
    ['..', 'parent'],
    ['../outside/secret.yaml', 'dot-dot'],
    ['crews/../../outside/secret.yaml', 'dot-dot in the middle'],
    ['/etc/passwd', 'absolute'],
    ['C:/Windows/win.ini', 'drive letter'],
    ['crews\\..\\..\\x.yaml', 'backslash'],
    ['crews/a.yaml\0.png', 'NUL'],
    ['..%2foutside%2fsecret.yaml', 'encoded slash'],
    ['%2e%2e/outside/secret.yaml', 'encoded dots'],
    ['crews%5c..%5cx.yaml', 'encoded backslash'],
    ['link-out/secret.yaml', 'symlinked folder out'],
    ['secret.yaml', 'symlinked file out'],
    ['dangling.yaml', 'dangling symlink'],
    ['', 'empty'],
    ['./crews/a.yaml', 'dot segment'],
    ['crews//a.yaml', 'empty segment'],
  ])('refuses %s (%s) with path/outside-workspace', async (p) => {
    const r = await resolveInside(root, p);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('path/outside-workspace');
      expect(r.error.message).toMatch(/relative to the workspace root/);
    }
  });

  it('refuses non-strings', async () => {
    for (const v of [null, undefined, 42, {}, ['a.yaml']]) expect((await resolveInside(root, v)).ok).toBe(false);
  });

  it('property: anything accepted lies inside the root; escape attempts are refused', async () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '', 'crews', 'a.yaml', 'link-out', 'link-in', 'secret.yaml', 'dangling.yaml', '%2f', '%2e%2e', '%5c', '\\..', '\0', 'C:', '/', '~'),
      fc.string({ maxLength: 6 }),
    );
    const candidate = fc.tuple(fc.constantFrom('', '/', '//', base + '/', outsideDir + '/'), fc.array(segment, { minLength: 1, maxLength: 6 })).map(([prefix, parts]) => prefix + parts.join('/'));
    await fc.assert(
      fc.asyncProperty(candidate, async (p) => {
        const r = await resolveInside(root, p);
        if (r.ok) {
          expect(inside(r.value.abs)).toBe(true);
          expect(p.split('/')).not.toContain('..');
          expect(p).not.toContain('\0');
          expect(isAbsolute(p)).toBe(false);
          expect(p.startsWith('link-out/')).toBe(false);
        } else {
          expect(r.error.code).toBe('path/outside-workspace');
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('checkRelativePath', () => {
  it('is a pure spelling check', () => {
    expect(checkRelativePath('a/b.yaml').ok).toBe(true);
    expect(checkRelativePath('a/../b.yaml').ok).toBe(false);
    expect(checkRelativePath('x'.repeat(2000)).ok).toBe(false);
  });
});
