import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';
import { renderPrintSheet } from '../../../src/shared/print';
import { modelOf, readWorkspaceDocuments } from '../../../src/main/services/sim-setup';
import { EXAMPLE_ROOT } from '../shared/engine/bots/example-setups';
import { capture } from './cli-capture';

const exec = async (...argv: string[]) => {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

describe('mortisphere print', () => {
  it.each([['crew', 'iron-choir'], ['scenario', 'drowned-foundry']])('print %s %s writes the same HTML the app shows', async (kind, id) => {
    const out = join(mkdtempSync(join(tmpdir(), 'print-')), `${id}.html`);
    const r = await exec('print', kind, id, '--workspace', EXAMPLE_ROOT, '--out', out);
    expect(r.code, r.err).toBe(EXIT_CODES.ok);
    expect(r.out).toMatch(/^Wrote The .* to /);
    const docs = await readWorkspaceDocuments(EXAMPLE_ROOT);
    const sheet = renderPrintSheet(modelOf(docs.ok ? docs.value : {}).model, kind as 'crew', id);
    expect(readFileSync(out, 'utf8')).toBe(sheet.ok ? sheet.value.html : '');
  });

  it('unknown kind or id, no --out, unreadable workspace or unwritable file: exit 2', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'print-')), 'x.html');
    const unknown = await exec('print', 'crew', 'nobody', '--workspace', EXAMPLE_ROOT, '--out', out);
    expect(unknown.code).toBe(EXIT_CODES.usage);
    expect(unknown.err).toContain("crew 'nobody' does not exist; crews: glasswing-brood, iron-choir");
    expect((await exec('print', 'campaign', 'ashen-reach', '--workspace', EXAMPLE_ROOT, '--out', out)).code).toBe(EXIT_CODES.usage);
    expect((await exec('print', 'crew', 'iron-choir', '--workspace', EXAMPLE_ROOT)).err).toContain('--out FILE.html');
    expect((await exec('print', 'crew', 'iron-choir', '--workspace', join(tmpdir(), 'missing-ws-xyz'), '--out', out)).code).toBe(EXIT_CODES.usage);
    const unwritable = await exec('print', 'crew', 'iron-choir', '--workspace', EXAMPLE_ROOT, '--out', join(tmpdir(), 'no-such-dir-xyz', 'x.html'));
    expect(unwritable.code).toBe(EXIT_CODES.usage);
    expect(unwritable.err).toContain('cannot write');
  });
});
