import { describe, expect, it } from 'vitest';
import { applyTextEdits } from '../../../../src/shared/language/text-edits';
import { quickFixes } from '../../../../src/shared/language/quick-fixes';
import type { EditFix } from '../../../../src/shared/language/quick-fixes';
import { validateFiles } from '../../../../src/shared/validation';
import { exampleDocuments } from '../engine/bots/example-setups';

const docs = exampleDocuments();
/** Diagnostics of the example with one file replaced. */
const check = (file: string, text: string) => validateFiles(Object.entries({ ...docs, [file]: text }).map(([path, t]) => ({ path, text: t }))).diagnostics.filter((d) => d.file === file);
const apply = (text: string, fix: EditFix): string => applyTextEdits(text, fix.edits);

describe('quick fixes', () => {
  it("'did you mean' replaces the misspelt id and the file validates", () => {
    const file = 'crews/iron-choir.yaml';
    const text = docs[file]!.replace('type: machine', 'type: machin');
    const [d] = check(file, text);
    expect(d!.message).toContain("did you mean 'machine'");
    const [fix] = quickFixes(d!, text);
    expect(fix).toMatchObject({ title: "Change 'machin' to 'machine'", kind: 'edit', preferred: true });
    const fixed = apply(text, fix as EditFix);
    expect(fixed).toBe(docs[file]);
  });

  it('an unknown property gets its did-you-mean fix too', () => {
    const file = 'crews/iron-choir.yaml';
    const text = docs[file]!.replace('    health:', '    helth:');
    const d = check(file, text).find((x) => x.message.includes('helth'))!;
    const fix = quickFixes(d, text).find((f) => f.kind === 'edit') as EditFix;
    expect(apply(text, fix)).toBe(docs[file]);
  });

  it('a crew without a Captain offers to make each member Captain', () => {
    const file = 'crews/iron-choir.yaml';
    const text = docs[file]!.replace(/\n\s*captain: true/, '');
    const d = check(file, text).find((x) => x.code === 'captain-count')!;
    const fixes = quickFixes(d, text);
    expect(fixes[0]!.title).toBe('Make Warden-7 Captain');
    const fixed = apply(text, fixes[1] as EditFix);
    expect(check(file, fixed).filter((x) => x.code === 'captain-count')).toEqual([]);
  });

  it('an unknown crew offers to create it from the template; an unknown Area to add it', () => {
    const file = 'scenarios/drowned-foundry.yaml';
    const text = docs[file]!.replace('crew: iron-choir', 'crew: bone-wardens');
    const d = check(file, text).find((x) => x.code === 'unknown-ref')!;
    expect(quickFixes(d, text)).toEqual([{ title: "Create crew 'bone-wardens' from the template", kind: 'create', create: { kind: 'crew', id: 'bone-wardens' } }]);
    const t2 = docs[file]!.replace('deploy: sluice', 'deploy: crypt');
    const d2 = check(file, t2).find((x) => x.code === 'unknown-ref')!;
    const [fix] = quickFixes(d2, t2);
    expect(fix!.title).toBe("Add Area 'crypt' to this scenario");
    const fixed = apply(t2, fix as EditFix);
    expect(check(file, fixed).filter((x) => x.code === 'unknown-ref')).toEqual([]);
  });

  it("a swapped Health range offers 'Swap min and max'", () => {
    const file = 'types/bloom-host.yaml';
    const text = docs[file]!.replace(/health: \{min: (\d+), max: (\d+)\}/, 'health: {min: $2, max: $1}');
    expect(text).not.toBe(docs[file]);
    const d = check(file, text).find((x) => x.code === 'type-constraint')!;
    const [fix] = quickFixes(d, text);
    expect(fix!.title).toBe('Swap min and max');
    expect(apply(text, fix as EditFix)).toBe(docs[file]);
  });
});
