import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileSchemasSource, OUTPUT } from '../../../../scripts/compile-schemas';

describe('compiled-schemas.js', () => {
  it('is up to date with schemas/ (run: npx tsx scripts/compile-schemas.ts)', () => {
    expect(readFileSync(OUTPUT, 'utf8') === compileSchemasSource()).toBe(true);
  });
  it('needs no eval and no CommonJS at runtime', () => {
    const text = readFileSync(OUTPUT, 'utf8');
    expect(text).not.toMatch(/\brequire\(/);
    expect(text).not.toMatch(/new Function|\beval\(/);
  });
});
