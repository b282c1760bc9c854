import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, toGithubCommand, toJunit, toSarif } from '../../../../src/shared/ci';
import { DIAGNOSTIC_CODES, DIAGNOSTIC_HELP } from '../../../../src/shared/diagnostic-help';
import type { Diagnostic } from '../../../../src/shared/diagnostics';

const SARIF_SCHEMA = JSON.parse(readFileSync(join(__dirname, '../../../../node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
const validateSarif = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false }).compile(SARIF_SCHEMA);
const tool = { name: 'mortisphere', version: '0.1.0', informationUri: 'https://example.org/mortisphere' };

const diag = (over: Partial<Diagnostic> = {}): Diagnostic => ({
  file: 'crews/iron-choir.yaml', line: 9, column: 10, endLine: 9, endColumn: 12, severity: 'error', code: 'schema',
  message: "member 'warden-7': die d7 is not an Existence Die (d4, d6, d8, d10, d12, d20)", ...over,
});

/** Unescapes a workflow command the way the GitHub Actions runner does (ActionCommand.Unescape*). */
const parseCommand = (line: string) => {
  const m = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
  if (!m) return null;
  const un = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const props = Object.fromEntries(m[2].split(',').map((kv) => [kv.slice(0, kv.indexOf('=')), un(kv.slice(kv.indexOf('=') + 1))]));
  return { command: m[1], props, message: m[3].replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%') };
};

const arbDiag = fc.record({
  file: fc.stringMatching(/^[a-z0-9 ,:%\u00e9-]{1,12}(\/[a-z0-9 ,:%-]{1,8})?\.yaml$/),
  line: fc.integer({ min: 1, max: 500 }),
  column: fc.integer({ min: 1, max: 200 }),
  endLine: fc.integer({ min: 1, max: 500 }),
  endColumn: fc.integer({ min: 1, max: 200 }),
  severity: fc.constantFrom('error', 'warning', 'info'),
  code: fc.constantFrom(...DIAGNOSTIC_CODES),
  message: fc.string({ unit: 'binary', maxLength: 80 }),
}) as fc.Arbitrary<Diagnostic>;

describe('SARIF 2.1.0', () => {
  it('validates against the published SARIF 2.1.0 JSON schema (ajv, draft-04)', () => {
    const log = toSarif([diag(), diag({ severity: 'warning', code: 'crew-value', line: 3, endLine: 4, endColumn: 2 }), diag({ severity: 'info', code: 'schema-version', file: '/abs/x y.yaml' })], tool);
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
  });

  it('has one rule per diagnostic code with its help text, and results with regions', () => {
    const log = toSarif([diag()], tool) as { runs: { tool: { driver: { rules: { id: string; help: { text: string } }[] } }; results: Record<string, unknown>[] }[] };
    const { rules } = log.runs[0].tool.driver;
    expect(rules.map((r) => r.id)).toEqual(DIAGNOSTIC_CODES);
    expect(rules.find((r) => r.id === 'schema')!.help.text).toBe(DIAGNOSTIC_HELP.schema.help);
    expect(log.runs[0].results[0]).toEqual({
      ruleId: 'schema',
      ruleIndex: DIAGNOSTIC_CODES.indexOf('schema'),
      level: 'error',
      message: { text: diag().message },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'crews/iron-choir.yaml', uriBaseId: 'SRCROOT' }, region: { startLine: 9, startColumn: 10, endLine: 9, endColumn: 12 } } }],
    });
  });

  it('property: any diagnostics give a schema-valid log', () => {
    fc.assert(fc.property(fc.array(arbDiag, { maxLength: 6 }), (ds) => validateSarif(toSarif(ds, tool)) === true), { numRuns: 60 });
  });
});

describe('JUnit XML', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testcase', 'failure'].includes(name) });

  it('one test case per file, a failure per error, warnings in system-out; well-formed XML', () => {
    const xml = toJunit(['crews/iron-choir.yaml', 'mortisphere.yaml', 'scenarios/a.yaml'], [
      diag(),
      diag({ line: 12, message: 'second <error> & "quoted"' }),
      diag({ file: 'scenarios/a.yaml', severity: 'warning', code: 'crew-value', message: 'over the limit' }),
    ]);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    const suite = doc.testsuites.testsuite;
    expect(suite.tests).toBe('3');
    expect(suite.failures).toBe('1');
    const cases = suite.testcase as { name: string; failure?: { type: string; message: string; '#text': string }[]; 'system-out'?: string }[];
    expect(cases.map((c) => c.name)).toEqual(['crews/iron-choir.yaml', 'mortisphere.yaml', 'scenarios/a.yaml']);
    expect(cases[0].failure).toHaveLength(2);
    expect(cases[0].failure![1].message).toBe('12:10 second <error> & "quoted"');
    expect(cases[1].failure).toBeUndefined();
    expect(cases[2]['system-out']).toContain('warning crew-value over the limit');
  });

  it('property: any file names and messages (control characters, lone surrogates) stay well-formed', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { maxLength: 4 }), fc.array(arbDiag, { maxLength: 5 }), (files, ds) => XMLValidator.validate(toJunit(files, ds)) === true),
      { numRuns: 100 },
    );
  });
});

describe('GitHub workflow commands', () => {
  it('::error / ::warning / ::notice with file, line, col and the message', () => {
    expect(toGithubCommand(diag())).toBe(
      "::error file=crews/iron-choir.yaml,line=9,endLine=9,col=10,endColumn=12,title=mortisphere schema::member 'warden-7': die d7 is not an Existence Die (d4, d6, d8, d10, d12, d20)",
    );
    expect(toGithubCommand(diag({ severity: 'warning' }))).toMatch(/^::warning /);
    expect(toGithubCommand(diag({ severity: 'info' }))).toMatch(/^::notice /);
  });

  it('property: the runner parses back exactly the file and message, whatever they hold', () => {
    fc.assert(
      fc.property(arbDiag, (d) => {
        const line = toGithubCommand(d);
        expect(line).not.toMatch(/[\r\n]/);
        const parsed = parseCommand(line)!;
        expect(parsed.props.file).toBe(d.file);
        expect(parsed.props.line).toBe(String(d.line));
        expect(parsed.message).toBe(d.message);
      }),
      { numRuns: 200 },
    );
    expect(escapeData('50%\n')).toBe('50%25%0A');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
  });
});
