import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHES } from '../../../bench/run';

describe('npm run bench (issue 13 item 5)', () => {
  it('lists every bench/*.bench.ts, so that the bundled runner misses none', () => {
    const files = readdirSync(join(__dirname, '..', '..', '..', 'bench')).filter((f) => f.endsWith('.bench.ts'));
    expect(Object.keys(BENCHES).map((name) => `${name}.bench.ts`).sort()).toEqual(files.sort());
  });
});
