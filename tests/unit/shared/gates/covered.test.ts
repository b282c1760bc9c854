import { describe, expect, it } from 'vitest';
import { judgeGate, parseAssertion, prepareGates } from '../../../../src/shared/gates';
import type { GateSubject, MeasuredReport } from '../../../../src/shared/gates';

const subject: GateSubject = {
  sides: [
    { side: 'a', crew: 'iron-choir' },
    { side: 'b', crew: 'rot-saints' },
  ],
  objectives: [{ id: 'reactor-core' }],
  members: [],
  coverage: {
    entries: [
      { kind: 'rule', id: 'R4.3' },
      { kind: 'rule', id: 'R12.morale' },
      { kind: 'ability', id: 'spore-cloud' },
      { kind: 'effect', id: 'spore-cloud#1' },
      { kind: 'areaRule', id: 'dark-nave/things-that-wait' },
      { kind: 'objective', id: 'reactor-core' },
      { kind: 'area', id: 'reactor-core' },
    ],
  },
};

const report = (battles: Record<string, number>): MeasuredReport => ({
  runs: 200,
  draws: 0,
  sides: [
    { side: 'a', crew: 'iron-choir', wins: 100 },
    { side: 'b', crew: 'rot-saints', wins: 100 },
  ],
  objectives: [{ id: 'reactor-core', completedRate: { a: 0, b: 0 } }],
  members: [],
  coverage: {
    entries: subject.coverage!.entries.map((e) => ({ ...e, battles: battles[`${e.kind}:${e.id}`] ?? 0 })),
    neverFired: [{ kind: 'ability', id: 'spore-cloud', reason: "its `when` needs role defender, but this scenario has no Area named or tagged 'flooded'" }],
  },
});

const gate = (text: string) => {
  const g = prepareGates([text], subject);
  if (!g.ok) throw new Error(g.error.message);
  return g.value[0]!;
};

describe('covered(ID) gate (issue 16 item 6)', () => {
  it('parses without a comparison, with rule numbers, kinds, effect numbers and Area rule paths as ids', () => {
    for (const id of ['R4.3', 'R12.morale', 'spore-cloud', 'ability:spore-cloud', 'spore-cloud#1', 'dark-nave/things-that-wait']) {
      const p = parseAssertion(`covered(${id})`);
      expect(p.ok && p.value).toMatchObject({ path: [{ name: 'covered', args: [id] }], comparison: { op: 'holds' } });
    }
    // Other metrics still need a comparison, with the same error as before.
    const w = parseAssertion('winRate(a)');
    expect(!w.ok && w.error.message).toContain('column 11: expected a comparison');
    // Paths and decimals read as before.
    const o = parseAssertion('objective(reactor-core).completed(a) > .05');
    expect(o.ok && o.value.path.map((c) => c.name)).toEqual(['objective', 'completed']);
  });

  it('passes when it fired in at least one battle, fails with the reason when it never did — never inconclusive', () => {
    const pass = judgeGate(gate('covered(R4.3)'), report({ 'rule:R4.3': 1 }));
    expect(pass.status).toBe('pass');
    expect(pass.message).toBe('PASS covered(R4.3): fired in 1 of 200 battles');
    const fail = judgeGate(gate('covered(spore-cloud)'), report({}));
    expect(fail.status).toBe('fail');
    expect(fail.message).toBe("FAIL covered(spore-cloud): fired in 0 of 200 battles; its `when` needs role defender, but this scenario has no Area named or tagged 'flooded'");
    expect(fail.metric).toBe('covered(ability:spore-cloud)');
    expect(judgeGate(gate('covered(spore-cloud#1)'), report({ 'effect:spore-cloud#1': 3 })).status).toBe('pass');
  });

  it('an unknown id is a usage error naming the valid kinds; an id of two kinds asks for kind:id; a comparison is refused', () => {
    const unknown = prepareGates(['covered(spore-clod)'], subject);
    expect(!unknown.ok && unknown.error.code).toBe('assert/unknown');
    expect(!unknown.ok && unknown.error.message).toContain("no rule, ability, item, special rule, Area rule, effect, objective or Area 'spore-clod' (did you mean 'spore-cloud'?)");
    expect(!unknown.ok && unknown.error.message).toContain('rule, ability, item, specialRule, areaRule, effect, objective, area');
    const both = prepareGates(['covered(reactor-core)'], subject);
    expect(!both.ok && both.error.message).toContain("'reactor-core' is both objective:reactor-core and area:reactor-core");
    expect(prepareGates(['covered(area:reactor-core)'], subject).ok).toBe(true);
    const wrongKind = prepareGates(['covered(item:spore-cloud)'], subject);
    expect(!wrongKind.ok && wrongKind.error.message).toContain("no item 'spore-cloud'");
    const compared = prepareGates(['covered(R4.3) > 0.5'], subject);
    expect(!compared.ok && compared.error.message).toContain('is a yes/no check; write it alone');
  });

  it('without known coverage (a workspace check before its run) any id is taken on trust', () => {
    const { coverage: _c, ...bare } = subject;
    expect(prepareGates(['covered(anything)'], bare).ok).toBe(true);
  });
});
