import { afterEach, describe, expect, it } from 'vitest';
import { loadYaml, MAX_FILE_BYTES, validateFiles } from '../../../../src/shared/validation';

const codes = (text: string) => loadYaml('x.yaml', text).diagnostics.map((d) => d.code);

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
});

describe('hostile YAML never crashes the loader', () => {
  it('rejects a billion-laughs alias bomb with yaml-hostile', () => {
    const lol = ['kind: abilities', 'schemaVersion: 1', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [p, q] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd'], ['f', 'e'], ['g', 'f'], ['h', 'g'], ['i', 'h']]) {
      lol.push(`${p}: &${p} [${Array(9).fill(`*${q}`).join(',')}]`);
    }
    const doc = loadYaml('bomb.yaml', lol.join('\n'));
    expect(doc.data).toBeNull();
    expect(doc.diagnostics).toHaveLength(1);
    expect(doc.diagnostics[0]).toMatchObject({ code: 'yaml-hostile', severity: 'error' });
    expect(doc.diagnostics[0].line).toBeGreaterThanOrEqual(4);
    expect(doc.diagnostics[0].message).toContain('alias');
  });

  it('rejects 5,000-deep flow nesting before composing it', () => {
    const doc = loadYaml('deep.yaml', `kind: abilities\nx: ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    expect(doc.data).toBeNull();
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['yaml-hostile']);
    expect(doc.diagnostics[0].message).toContain('deeper than 64');
  });

  it('rejects 5,000-deep block sequences and flow mappings', () => {
    expect(codes(`${'- '.repeat(5000)}x\n`)).toEqual(['yaml-hostile']);
    expect(codes(`${'{a: '.repeat(5000)}1${'}'.repeat(5000)}\n`)).toEqual(['yaml-hostile']);
  });

  it('rejects deep indented block mappings (as deep as fits in the size cap)', () => {
    let maps = '';
    for (let i = 0; i < 1500; i++) maps += `${' '.repeat(i)}k:\n`;
    expect(codes(maps)).toEqual(['yaml-hostile']);
  });

  it('accepts nesting up to the limit', () => {
    const ok = `kind: abilities\nschemaVersion: 1\nx: ${'['.repeat(60)}${']'.repeat(60)}\n`;
    expect(codes(ok)).not.toContain('yaml-hostile');
  });

  it('drops __proto__, constructor and prototype keys, reports them, and pollutes nothing', () => {
    const text = [
      'kind: crew',
      'schemaVersion: 1',
      '__proto__: {polluted: yes}',
      'constructor: {prototype: {polluted: yes}}',
      'members:',
      '  - {__proto__: {polluted: yes}, id: a}',
      'nested: {prototype: {polluted: 1}}',
    ].join('\n');
    const doc = loadYaml('p.yaml', text);
    const hostile = doc.diagnostics.filter((d) => d.code === 'yaml-hostile');
    expect(hostile.map((d) => [d.line, d.column])).toEqual([[3, 1], [4, 1], [6, 6], [7, 10]]);
    expect(Object.keys(doc.data!)).not.toContain('__proto__');
    expect(Object.getPrototypeOf(doc.data)).toBe(Object.prototype);
    const member = (doc.data!.members as Record<string, unknown>[])[0];
    expect(Object.getPrototypeOf(member)).toBe(Object.prototype);
    expect(member.polluted).toBeUndefined();
    validateFiles([{ path: 'p.yaml', text }]);
  });

  it('refuses !!js/function and other custom tags', () => {
    const doc = loadYaml('t.yaml', 'kind: crew\nname: !!js/function "function () { return 1 }"\nx: !custom y\n');
    expect(doc.data).toBeNull();
    expect(doc.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['yaml-hostile', 2, 7],
      ['yaml-hostile', 3, 4],
    ]);
    expect(doc.diagnostics[0].message).toContain('!!js/function is not allowed');
  });

  it('refuses a 10 MB file with file-too-large before parsing', () => {
    const big = `kind: abilities\nschemaVersion: 1\ntext: "${'x'.repeat(10 * 1024 * 1024)}"\n`;
    const doc = loadYaml('big.yaml', big);
    // No document: the size cap answered before the parser ran (no timing: CI machines differ).
    expect(doc.document).toBeNull();
    expect(doc.diagnostics).toEqual([
      expect.objectContaining({ code: 'file-too-large', line: 1, column: 1, severity: 'error' }),
    ]);
    expect(doc.diagnostics[0].message).toContain(`${MAX_FILE_BYTES / 1048576} MiB`);
  });

  it('counts the cap in UTF-8 bytes, not characters', () => {
    const chars = Math.floor(MAX_FILE_BYTES / 3) + 10;
    expect(codes(`text: "${'€'.repeat(chars)}"`)).toEqual(['file-too-large']);
  });

  it('reports binary junk (NUL bytes, undecodable bytes) with its position', () => {
    const junk = loadYaml('j.yaml', 'kind: crew\nname: ab\u0000\u0007\u00ff');
    expect(junk.diagnostics).toEqual([expect.objectContaining({ code: 'yaml-hostile', line: 2, column: 9 })]);
    expect(junk.diagnostics[0].message).toContain('binary or not UTF-8');
    const bytes = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    const decoded = new TextDecoder().decode(bytes);
    expect(codes(decoded)).toEqual(['yaml-hostile']);
  });
});

describe('nesting pre-scan', () => {
  it('rejects 2 MiB of brackets at the nesting cap, before parsing', () => {
    const doc = loadYaml('b.yaml', '['.repeat(MAX_FILE_BYTES - 10));
    // The pre-scan stops at the first bracket past the cap (column 257) and no document is built.
    expect(doc.document).toBeNull();
    expect(doc.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['yaml-hostile', 1, 257]]);
  });

  it('does not count brackets inside quoted flow scalars or comments', () => {
    const text = `kind: abilities\nschemaVersion: 1\nabilities: []\n# ${'['.repeat(300)}\nname: "${'{'.repeat(300)}"\n`;
    expect(codes(text)).not.toContain('yaml-hostile');
  });
});
