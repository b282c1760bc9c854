import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readWorkspaceFiles } from '../../../../src/main/services/workspace-files';
import { MAX_FILE_BYTES } from '../../../../src/shared/validation';

function tree(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'ms-files-'));
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(join(root, p, '..'), { recursive: true });
    writeFileSync(join(root, p), t);
  }
  return root;
}

describe('readWorkspaceFiles', () => {
  it('lists every *.yaml/*.yml below the root with / paths, skipping node_modules and dot-folders', async () => {
    const root = tree({
      'mortisphere.yaml': 'kind: workspace',
      'crews/a.yml': 'a',
      'crews/deep/b.yaml': 'b',
      'notes.txt': 'x',
      'node_modules/x/c.yaml': 'c',
      '.git/d.yaml': 'd',
      '.history/e.yaml': 'e',
    });
    const r = await readWorkspaceFiles(root);
    expect(r.ok && r.value.files.map((f) => f.path)).toEqual(['crews/a.yml', 'crews/deep/b.yaml', 'mortisphere.yaml']);
    expect(r.ok && r.value.count).toBe(3);
  });

  it('does not read files above the size cap', async () => {
    const root = tree({ 'big.yaml': Buffer.alloc(MAX_FILE_BYTES + 1, 0x61), 'ok.yaml': 'kind: crew' });
    const r = await readWorkspaceFiles(root);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.files.map((f) => f.path)).toEqual(['ok.yaml']);
    expect(r.value.diagnostics).toEqual([expect.objectContaining({ file: 'big.yaml', code: 'file-too-large', line: 1, column: 1 })]);
    expect(r.value.count).toBe(2);
  });

  it('decodes invalid UTF-8 with U+FFFD so the loader can flag it', async () => {
    const root = tree({ 'bin.yaml': Buffer.from([0x6b, 0x3a, 0x20, 0xff, 0xfe]) });
    const r = await readWorkspaceFiles(root);
    expect(r.ok && r.value.files[0].text).toBe('k: \uFFFD\uFFFD');
  });

  it('reports unreadable files as diagnostics', async () => {
    if (process.getuid?.() === 0) return; // root reads everything
    const root = tree({ 'locked.yaml': 'kind: crew' });
    chmodSync(join(root, 'locked.yaml'), 0o000);
    const r = await readWorkspaceFiles(root);
    expect(r.ok && r.value.diagnostics.map((d) => [d.file, d.code])).toEqual([['locked.yaml', 'file-unreadable']]);
  });

  it('reports a dangling symlinked YAML file as unreadable', async () => {
    const root = tree({ 'ok.yaml': 'kind: crew' });
    symlinkSync(join(root, 'gone.yaml'), join(root, 'dangling.yaml'));
    const r = await readWorkspaceFiles(root);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.files.map((f) => f.path)).toEqual(['ok.yaml']);
    expect(r.value.diagnostics.map((d) => [d.file, d.code, d.line, d.column])).toEqual([['dangling.yaml', 'file-unreadable', 1, 1]]);
    expect(r.value.diagnostics[0].message).toContain('cannot be read (ENOENT)');
  });

  it('fails for a missing root or a file given as root', async () => {
    const r = await readWorkspaceFiles(join(tmpdir(), 'ms-does-not-exist-42'));
    expect(!r.ok && r.error.code).toBe('file/not-found');
    const root = tree({ 'a.yaml': 'x' });
    const f = await readWorkspaceFiles(join(root, 'a.yaml'));
    expect(!f.ok && f.error.code).toBe('file/not-a-folder');
  });
});
