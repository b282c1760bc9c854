import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';
import { capture, terminalCapture } from './cli-capture';

const repo = join(__dirname, '..', '..', '..');
const SARIF_SCHEMA = JSON.parse(readFileSync(join(repo, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
const validateSarif = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false }).compile(SARIF_SCHEMA);
// Relative to the current folder (the repository root under vitest), as CI would give it.
const broken = (name: string): string => join('tests', 'fixtures', 'broken', name);

const run = async (...argv: string[]) => {
  const io = capture();
  const code = await main(['validate', ...argv], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

describe('validate --format sarif|junit|github', () => {
  it('sarif: a schema-valid SARIF 2.1.0 log with repository-relative locations; exit 1 on errors', async () => {
    const r = await run(broken('captain-count-two'), '--format', 'sarif');
    expect(r.code).toBe(EXIT_CODES.failure);
    const log = JSON.parse(r.out);
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0].tool.driver).toMatchObject({ name: 'mortisphere', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(log.runs[0].results).toEqual([
      expect.objectContaining({
        ruleId: 'captain-count',
        level: 'error',
        locations: [{ physicalLocation: { artifactLocation: { uri: 'tests/fixtures/broken/captain-count-two/crews/iron-choir.yaml', uriBaseId: 'SRCROOT' }, region: { startLine: 19, startColumn: 14, endLine: 19, endColumn: 18 } } }],
      }),
    ]);
    expect(r.err).toBe('');
  });

  it('sarif of a clean workspace: no results, exit 0', async () => {
    const r = await run(broken('valid-workspace'), '--format', 'sarif');
    expect(r.code).toBe(EXIT_CODES.ok);
    expect(JSON.parse(r.out).runs[0].results).toEqual([]);
  });

  it('junit: one test case per file and a failure per error, parsed by fast-xml-parser', async () => {
    const r = await run(broken('captain-count-two'), '--format', 'junit');
    expect(r.code).toBe(EXIT_CODES.failure);
    expect(XMLValidator.validate(r.out)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'testcase' || n === 'failure' }).parse(r.out);
    const cases = doc.testsuites.testsuite.testcase as { name: string; failure?: { type: string }[] }[];
    expect(cases).toHaveLength(6);
    const failing = cases.filter((c) => c.failure);
    expect(failing.map((c) => c.name)).toEqual(['tests/fixtures/broken/captain-count-two/crews/iron-choir.yaml']);
    expect(failing[0].failure!.map((f) => f.type)).toEqual(['captain-count']);
  });

  it('github: one ::error / ::warning workflow command per diagnostic, the summary on stderr', async () => {
    const r = await run(broken('schema-die-not-existence-die'), '--format', 'github');
    expect(r.code).toBe(EXIT_CODES.failure);
    expect(r.out).toBe(
      "::error file=tests/fixtures/broken/schema-die-not-existence-die/crews/iron-choir.yaml,line=9,endLine=9,col=10,endColumn=12,title=mortisphere schema::member 'warden-7': die d7 is not an Existence Die (d4, d6, d8, d10, d12, d20)",
    );
    expect(r.err).toContain('1 error');
    const warn = await run(broken('crew-value-over-limit'), '--format', 'github');
    expect(warn.code).toBe(EXIT_CODES.ok);
    expect(warn.out).toMatch(/^::warning file=tests\/fixtures\/broken\/crew-value-over-limit\/scenarios\/foundry\.yaml,line=9,/);
  });

  it('an unknown format is a usage error listing the formats', async () => {
    const r = await run('--format', 'xml');
    expect(r.code).toBe(EXIT_CODES.usage);
    expect(r.err).toContain('text, json, sarif, junit, github');
  });

  it('progress on a terminal only in text mode, erased before the result', async () => {
    // A big workspace: 600 crews take well over the first redraw (250 ms) to validate.
    const dir = mkdtempSync(join(tmpdir(), 'big-ws-'));
    writeFileSync(join(dir, 'mortisphere.yaml'), 'kind: workspace\nschemaVersion: 1\nname: Big\n');
    for (let i = 0; i < 600; i++) {
      writeFileSync(join(dir, `crew-${i}.yaml`), `kind: crew\nschemaVersion: 1\nid: crew-${i}\nname: Crew ${i}\nmembers:\n  - {id: c, name: C, type: survivor, die: d6, health: 2, captain: true}\n`);
    }
    const io = terminalCapture();
    expect(await main(['validate', dir], io)).toBe(0);
    expect(io.progress.some((l) => l.startsWith('\r\x1b[K') && /validate {2}[\d,]+\/601 files \(/.test(l))).toBe(true);
    expect(io.progress.at(-1)).toBe('\r\x1b[K');
    expect(io.stderr.at(-1)).toBe('601 files checked: 0 errors, 0 warnings');
    const sarif = terminalCapture();
    await main(['validate', dir, '--format', 'sarif'], sarif);
    expect(sarif.progress).toEqual([]);
    const quiet = terminalCapture();
    await main(['validate', dir, '--quiet'], quiet);
    expect(quiet.progress).toEqual([]);
  });
});
