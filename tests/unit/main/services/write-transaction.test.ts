import * as nodeFs from 'node:fs/promises';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAtomicTemp, realFs } from '../../../../src/main/services/atomic-write';
import { sha256 } from '../../../../src/main/services/hash';
import { writeTransaction } from '../../../../src/main/services/write-transaction';
import type { TransactionFs } from '../../../../src/main/services/write-transaction';

let dir: string;
const NAMES = ['campaign.yaml', 'crew-a.yaml', 'crew-b.yaml'];
const OLD = ['campaign: old\n', 'crew: a old\n', 'crew: b old\n'];
const NEW = ['campaign: new\n', 'crew: a new\n', 'crew: b new\n'];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ms-tx-'));
  for (let i = 0; i < 3; i++) await writeFile(join(dir, NAMES[i]!), OLD[i]!);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const changes = (texts = NEW) => NAMES.map((rel, i) => ({ abs: join(dir, rel), rel, text: texts[i]!, expectedHash: sha256(OLD[i]!) }));
const onDisk = async (): Promise<string[]> => Promise.all(NAMES.map((n) => readFile(join(dir, n), 'utf8')));
const temps = async (): Promise<string[]> => (await readdir(dir)).filter(isAtomicTemp);
const disk = (code: string): Error => Object.assign(new Error(`${code}: injected`), { code });

/** The real fs, with the `n`-th call (1-based) of `method` on a target failing. */
function failing(method: 'rename' | 'open', n: number, code = 'ENOSPC'): TransactionFs {
  let calls = 0;
  const fs: TransactionFs = { ...realFs, readFile: nodeFs.readFile };
  if (method === 'rename') {
    fs.rename = async (from, to) => {
      if (++calls === n) throw disk(code);
      return realFs.rename(from, to);
    };
  } else {
    fs.open = (async (path: string, flags?: string, mode?: number) => {
      // Temp files are opened 'wx'; the n-th temp file write fails.
      if (flags === 'wx' && ++calls === n) {
        const handle = await realFs.open(path, flags, mode);
        return Object.assign(Object.create(handle) as nodeFs.FileHandle, {
          writeFile: async () => {
            throw disk(code);
          },
          sync: () => handle.sync(),
          close: () => handle.close(),
        });
      }
      return realFs.open(path, flags, mode);
    }) as typeof realFs.open;
  }
  return fs;
}

describe('writeTransaction: several files as one change, all or nothing', () => {
  it('writes every file and returns their hashes', async () => {
    const r = await writeTransaction(changes());
    expect(r).toEqual({ ok: true, value: { hashes: NEW.map(sha256) } });
    expect(await onDisk()).toEqual(NEW);
    expect(await temps()).toEqual([]);
  });

  it('the 2nd of 3 writes fails (disk full while writing its temp file): nothing lands, the error names the file', async () => {
    const r = await writeTransaction(changes(), { fs: failing('open', 2) });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('file/disk-full');
      expect(r.error.path).toBe('crew-a.yaml');
      expect(r.error.message).toContain("'crew-a.yaml'");
      expect(r.error.message).toContain('Nothing was written');
    }
    expect(await onDisk()).toEqual(OLD);
    expect(await temps()).toEqual([]);
  });

  it('the 2nd of 3 renames fails (permission denied): the 1st is restored, nothing lands', async () => {
    let committed: (Buffer | null)[] = [];
    const r = await writeTransaction(changes(), { fs: failing('rename', 2, 'EACCES'), beforeCommit: async (o) => void (committed = o) });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('file/permission-denied');
      expect(r.error.path).toBe('crew-a.yaml');
    }
    expect(committed.map((b) => b?.toString('utf8'))).toEqual(OLD);
    expect(await onDisk()).toEqual(OLD);
    expect(await temps()).toEqual([]);
  });

  it('a file that changed since it was read is a conflict before anything is written', async () => {
    await writeFile(join(dir, 'crew-b.yaml'), 'crew: b edited elsewhere\n');
    const r = await writeTransaction(changes());
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('file/conflict');
      expect(r.error.path).toBe('crew-b.yaml');
    }
    expect(await onDisk()).toEqual([OLD[0], OLD[1], 'crew: b edited elsewhere\n']);
  });

  it('an edit landing during the commit (re-read right before its rename) is a conflict; earlier renames are undone', async () => {
    const fs: TransactionFs = { ...realFs, readFile: nodeFs.readFile };
    let renames = 0;
    fs.rename = async (from, to) => {
      await realFs.rename(from, to);
      // Right after the first target lands, another program edits the third.
      if (++renames === 1) await writeFile(join(dir, 'crew-b.yaml'), 'crew: b edited meanwhile\n');
    };
    const r = await writeTransaction(changes(), { fs });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('file/conflict');
    expect(await onDisk()).toEqual([OLD[0], OLD[1], 'crew: b edited meanwhile\n']);
    expect(await temps()).toEqual([]);
  });

  it('creates a new file only when it must not exist yet, and refuses a path given twice', async () => {
    const fresh = { abs: join(dir, 'new.yaml'), rel: 'new.yaml', text: 'x: 1\n', expectedHash: null };
    expect((await writeTransaction([fresh])).ok).toBe(true);
    const again = await writeTransaction([fresh]);
    expect(!again.ok && again.error.code).toBe('file/conflict');
    const twice = await writeTransaction([changes()[0]!, changes()[0]!]);
    expect(!twice.ok && twice.error.code).toBe('transaction/duplicate-path');
  });
});
