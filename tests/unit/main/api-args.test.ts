import { describe, expect, it } from 'vitest';
import { bool, object, str } from '../../../src/main/api-args';
import { ARG_SPECS } from '../../../src/main/api-handlers';
import { checkArgs } from '../../../src/main/api-args';

describe('api-args object()', () => {
  const check = object({ path: str() }, { force: bool });

  it('accepts exactly the declared own fields', () => {
    expect(check({ path: 'a.yaml' })).toBeNull();
    expect(check({ path: 'a.yaml', force: true })).toBeNull();
    expect(check({ path: 'a.yaml', other: 1 })).toMatch(/unknown field 'other'/);
  });

  // Issue 9 item 13: `key in spec` let inherited Object.prototype names through as "known" fields.
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'])('refuses the inherited name %s as a field', (key) => {
    const value = JSON.parse(`{"path":"a.yaml",${JSON.stringify(key)}:1}`) as unknown;
    expect(Object.keys(value as object)).toContain(key);
    expect(check(value)).toMatch(new RegExp(`unknown field '${key}'`));
  });

  it('writeFile options refuse prototype names (what arrives over JSON from the browser)', () => {
    for (const key of ['constructor', 'toString', 'valueOf', '__proto__']) {
      const options = JSON.parse(`{${JSON.stringify(key)}:true}`) as unknown;
      expect(checkArgs(ARG_SPECS.writeFile, ['a.yaml', 'text', options]), key).toMatch(/unknown field/);
    }
  });
});
