import { describe, expect, it } from 'vitest';
import { loadYaml, MAX_NODES } from '../../../../src/shared/validation';
import { roughShapeExceeds } from '../../../../src/shared/validation/cst-depth';
import { summarise } from '../../../../src/main/services/scan';

/**
 * Issue 9 item 6: a file under the 2 MiB cap that holds one huge collection is refused by the
 * pre-scan, before the parser builds any tree (the node limit used to be checked only after the
 * whole document was built: 10 s and 1 GB for this file).
 */

const header = 'kind: crew\nschemaVersion: 1\nid: huge\nname: Huge\n';
/** The file: a 1.8 MB flow sequence of 900,000 items. */
const flowFile = `${header}members: [${Array(900_000).fill('1').join(',')}]\n`;

describe('node budget before parsing (item 6)', () => {
  it('refuses the 1.8 MB / 900,000-item flow sequence with yaml-hostile, without building the document', () => {
    expect(flowFile.length).toBeGreaterThan(1_800_000);
    const doc = loadYaml('huge.yaml', flowFile);
    expect(doc.document).toBeNull();
    expect(doc.data).toBeNull();
    expect(doc.diagnostics).toEqual([
      expect.objectContaining({ code: 'yaml-hostile', severity: 'error', line: 5, message: `the document expands to more than ${MAX_NODES} values; split it into smaller files` }),
    ]);
  });

  it('refuses a block sequence of 300,000 items the same way', () => {
    const block = `${header}members:\n${'  - 1\n'.repeat(300_000)}`;
    const doc = loadYaml('block.yaml', block);
    expect(doc.document).toBeNull();
    expect(doc.diagnostics.map((d) => d.code)).toEqual(['yaml-hostile']);
  });

  it('refuses a mapping of 250,000 keys', () => {
    let map = header;
    for (let i = 0; i < 250_000; i++) map += `k${i}: 1\n`;
    expect(loadYaml('map.yaml', map).document).toBeNull();
  });

  it('does not count list- or mapping-like lines inside block scalars, quoted scalars or comments', () => {
    // Each body line would count 6 values (dash, colon, bracket, 3 commas): 240,000 in all.
    const body = '    - a: [b, c, d, e]\n'.repeat(40_000);
    const text = `${header}text: |\n${body}notes: ["${', '.repeat(250_000)}"]\n# [${'a, '.repeat(100_000)}]\nmembers: []\n`;
    expect(text.length).toBeLessThan(2 * 1024 * 1024);
    expect(roughShapeExceeds(text, { depth: 256, nodes: MAX_NODES })).toBeNull();
    const doc = loadYaml('ok.yaml', text);
    expect(doc.document).not.toBeNull();
    expect(doc.diagnostics.filter((d) => d.code === 'yaml-hostile')).toEqual([]);
  });

  it('counts close to the real number of values', () => {
    const list = (n: number): string => `${header}members: [${Array(n).fill('a').join(', ')}]\n`;
    expect(roughShapeExceeds(list(MAX_NODES - 10), { depth: 256, nodes: MAX_NODES })).toBeNull();
    expect(roughShapeExceeds(list(MAX_NODES + 10), { depth: 256, nodes: MAX_NODES })).toMatchObject({ kind: 'nodes' });
  });

  it('summarise (the explorer listing) refuses the same file without parsing it', () => {
    expect(summarise('huge.yaml', flowFile)).toEqual({ path: 'huge.yaml', kind: null, id: null, name: null });
    expect(summarise('ok.yaml', `${header}members: [a, b]\n`)).toEqual({ path: 'ok.yaml', kind: 'crew', id: 'huge', name: 'Huge' });
  });
});
