import { describe, expect, it } from 'vitest';
import { setIn } from '../../../../src/shared/doc-edit';

describe('issue 14: plain text is written unquoted when YAML allows', () => {
  it('quotes that the old value needed are dropped when the new value does not need them', () => {
    const r = setIn('name: "The Gate: north"\n', ['name'], 'The Gate');
    expect(r.ok && r.value).toBe('name: The Gate\n');
    const flow = setIn('areas: [{id: a, name: "a, b"}]\n', ['areas', 0, 'name'], 'North Gate');
    expect(flow.ok && flow.value).toBe('areas: [{id: a, name: North Gate}]\n');
  });
  it("quotes the author chose (the old value did not need them) are kept, and needed quotes are written", () => {
    const r = setIn("name: 'Gate'\n", ['name'], 'North Gate');
    expect(r.ok && r.value).toBe("name: 'North Gate'\n");
    const n = setIn('name: Gate\n', ['name'], 'Gate: north');
    expect(n.ok && n.value).toBe('name: "Gate: north"\n');
  });
});
