import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';

const doc = readFileSync(new URL('../../../../docs/rules.md', import.meta.url), 'utf8');

function leaves(value: unknown, path: string[] = []): [string, unknown][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leaves(v, [...path, k]));
  }
  return [[path.join('.'), value]];
}

describe('docs/rules.md', () => {
  it('names every knob of CORE_RULESET with its default', () => {
    const lines = doc.split('\n');
    for (const [path, value] of leaves(CORE_RULESET)) {
      const line = lines.find((l) => l.includes(`\`${path}\``));
      expect(line, `docs/rules.md does not mention \`${path}\``).toBeDefined();
      if (!Array.isArray(value)) expect(line, `\`${path}\` line lacks its default \`${String(value)}\``).toContain(`\`${String(value)}\``);
    }
  });

  it('the "Knobs at a glance" table lists exactly the knobs of CORE_RULESET, each with its default', () => {
    const start = doc.indexOf('## Knobs at a glance');
    const end = doc.indexOf('\n## ', start + 1);
    const rows = doc
      .slice(start, end)
      .split('\n')
      .filter((l) => /^\| `/.test(l))
      .map((l) => l.split('|').map((c) => c.trim()));
    const listed = rows.map((r) => r[1]!.replace(/`/g, ''));
    const knobs = leaves(CORE_RULESET);
    expect([...listed].sort()).toEqual(knobs.map(([path]) => path).sort());
    for (const [path, value] of knobs) {
      if (Array.isArray(value)) continue;
      const row = rows.find((r) => r[1] === `\`${path}\``)!;
      expect(row[2], `default of ${path}`).toBe(`\`${String(value)}\``);
      expect(row[4], `rule of ${path}`).toMatch(/^R\d+(\.\d+)?$/);
    }
  });

  it('has a section for every numbered rule R1.1 … R12', () => {
    const rules = ['R1.1', 'R1.2', 'R1.3', 'R1.4', 'R1.5', 'R1.6', 'R2.1', 'R2.2', 'R2.3', 'R2.4', 'R2.5', 'R2.6', 'R3.1', 'R3.2', 'R3.3', 'R3.4', 'R3.5', 'R4.1', 'R4.2', 'R4.3', 'R4.4', 'R4.5', 'R5.1', 'R5.2', 'R5.3', 'R6.1', 'R6.2', 'R6.3', 'R6.4', 'R7.1', 'R7.2', 'R7.3', 'R7.4', 'R8.1', 'R8.2', 'R8.3', 'R8.4', 'R8.5', 'R9.1', 'R9.2', 'R9.3', 'R9.4', 'R9.5', 'R10.1', 'R10.2', 'R10.3', 'R11', 'R12'];
    for (const r of rules) expect(doc, r).toMatch(new RegExp(`\\b${r.replace('.', '\\.')}\\b`));
  });
});

describe('docs/rules.md "Rule coverage"', () => {
  it('lists exactly the rules the coverage recorder tracks, each with when it counts', async () => {
    const { COVERED_RULES } = await import('../../../../src/shared/engine/coverage');
    const start = doc.indexOf('## Rule coverage');
    const end = doc.indexOf('\n## ', start + 1);
    const rows = doc
      .slice(start, end)
      .split('\n')
      .filter((l) => /^\| `R/.test(l))
      .map((l) => l.split('|').map((c) => c.trim()));
    expect(rows.map((r) => [r[1]!.replace(/`/g, ''), r[2]])).toEqual(COVERED_RULES.map((r) => [r.id, r.what]));
  });
});
