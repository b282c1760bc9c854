import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeGate, parseAssertion, prepareGates, runsToSettle } from '../../../../src/shared/gates';
import type { MeasuredReport } from '../../../../src/shared/gates';
import { wilsonInterval } from '../../../../src/shared/engine/sim/wilson';

const report = (over: Partial<MeasuredReport> = {}): MeasuredReport => ({
  runs: 1000,
  draws: 40,
  sides: [
    { side: 'a', crew: 'iron-choir', wins: 500 },
    { side: 'b', crew: 'rot-saints', wins: 460 },
  ],
  objectives: [{ id: 'reactor-core', completedRate: { a: 0.3, b: 0.012 } }],
  members: [
    { side: 'a', crew: 'iron-choir', member: 'warden-7', incapacitatedRate: 0.25 },
    { side: 'b', crew: 'rot-saints', member: 'ash-mother', incapacitatedRate: 0.5 },
  ],
  ...over,
});

const judge = (text: string, r: MeasuredReport = report()) => {
  const gates = prepareGates([text], r);
  if (!gates.ok) throw new Error(gates.error.message);
  return judgeGate(gates.value[0], r);
};

describe('assertion grammar', () => {
  it('parses the three forms of the issue', () => {
    expect(parseAssertion('winRate(a) in [0.45, 0.55]')).toEqual({
      ok: true,
      value: { text: 'winRate(a) in [0.45, 0.55]', path: [{ name: 'winRate', args: ['a'], column: 1 }], comparison: { op: 'in', lo: 0.45, hi: 0.55 } },
    });
    expect(parseAssertion('draws < 0.1')).toMatchObject({ ok: true, value: { path: [{ name: 'draws', args: null }], comparison: { op: '<', value: 0.1 } } });
    expect(parseAssertion('objective(reactor-core).completed(a) > 0.05')).toMatchObject({
      ok: true,
      value: { path: [{ name: 'objective', args: ['reactor-core'] }, { name: 'completed', args: ['a'] }], comparison: { op: '>', value: 0.05 } },
    });
  });

  it('reads percentages, leading-dot decimals, <=, >= and ids that start with a digit', () => {
    expect(parseAssertion('winRate(a) >= 45%')).toMatchObject({ ok: true, value: { comparison: { op: '>=', value: 0.45 } } });
    expect(parseAssertion('draws<=.1')).toMatchObject({ ok: true, value: { comparison: { op: '<=', value: 0.1 } } });
    expect(parseAssertion('winRate(a) in [.4, .6]')).toMatchObject({ ok: true, value: { comparison: { op: 'in', lo: 0.4, hi: 0.6 } } });
    expect(parseAssertion('objective(7-gates).completed(b) > 0')).toMatchObject({ ok: true, value: { path: [{ args: ['7-gates'] }, { args: ['b'] }] } });
  });

  it.each([
    ['', 'empty'],
    ['winRate(a) in [0.45 0.55]', "column 21: expected ',' between the bounds"],
    ['winRate(a) = 0.5', "column 12: '=' is not a comparison"],
    ['winRate(a)', 'column 11: expected a comparison'],
    ['winRate(a in [0, 1]', "column 11: expected ',' or ')'"],
    ['draws < ', 'column 9: expected a number after \'<\''],
    ['draws < 0.1 and more', 'column 13: expected the end of the assertion'],
    ['winRate(a) in [0.6, 0.4]', 'the range [0.6, 0.4] is empty'],
    ['< 0.5', 'column 1: expected a metric'],
    ['draws < 0.1 $', "unexpected character '$'"],
  ])('refuses %j with a message naming the place (%s)', (text, message) => {
    const r = parseAssertion(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain(message);
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof parseAssertion(s).ok === 'boolean'));
  });
});

describe('resolving metrics', () => {
  it('names unknown metrics, sides, objectives and members with what would work', () => {
    const bad = (text: string) => {
      const r = prepareGates([text], report());
      return r.ok ? '' : r.error.message;
    };
    expect(bad('winrate(a) > 0.1')).toContain("did you mean 'winRate(side)'");
    expect(bad('winRate(c) > 0.1')).toContain("no side or crew 'c' in this simulation; sides: a (iron-choir), b (rot-saints)");
    expect(bad('objective(reactor).completed(a) > 0.1')).toContain('objectives: reactor-core');
    expect(bad('incapacitated(warden-8) > 0.1')).toContain("did you mean 'warden-7'");
    expect(bad('draws(a) < 0.1')).toContain("'draws' takes no arguments");
    expect(bad('winRate < 0.1')).toContain("'winRate' needs 1 argument");
    expect(bad('winRate(a) in [0.1, 0.2')).toMatch(/^assertion 'winRate\(a\) in \[0\.1, 0\.2': column 24/);
  });

  it('accepts a crew id for a side unless the crew plays both sides', () => {
    expect(judge('winRate(iron-choir) > 0.4').metric).toBe('winRate(a)');
    const mirror = report({ sides: [{ side: 'a', crew: 'x', wins: 1 }, { side: 'b', crew: 'x', wins: 1 }] });
    const r = prepareGates(['winRate(x) > 0.4'], mirror);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('plays both sides');
  });
});

describe('judging against the 95% interval', () => {
  it('passes only when the whole interval lies inside', () => {
    const v = judge('winRate(a) in [0.45, 0.55]');
    const [lo, hi] = wilsonInterval(500, 1000);
    expect(v).toMatchObject({ status: 'pass', value: 0.5, ci95: [lo, hi], runs: 1000, metric: 'winRate(a)' });
    expect(v.message).toBe('PASS winRate(a) in [0.45, 0.55]: measured 0.5, 95% interval [0.4691, 0.5309] over 1000 runs');
  });

  it('fails when the interval lies wholly outside, naming the measured value and interval', () => {
    const v = judge('draws > 0.1');
    expect(v.status).toBe('fail');
    expect(v.message).toContain('FAIL draws > 0.1: measured 0.04, 95% interval [0.0295, 0.054] over 1000 runs; draws is not > 0.1');
  });

  it('is inconclusive when the interval straddles a bound, with a hint to raise the runs', () => {
    const v = judge('winRate(a) in [0.48, 0.6]');
    expect(v.status).toBe('inconclusive');
    expect(v.message).toMatch(/raise the runs \(about \d+ would settle it/);
    const onBound = judge('winRate(a) > 0.5');
    expect(onBound.status).toBe('inconclusive');
    expect(onBound.message).toContain('sits on a bound');
  });

  it('reads objective completion and incapacitation counts exactly from rates', () => {
    expect(judge('objective(reactor-core).completed(b) < 0.05')).toMatchObject({ status: 'pass', value: 0.012 });
    expect(judge('incapacitated(ash-mother) in [0.4, 0.6]')).toMatchObject({ status: 'pass', metric: 'incapacitated(b, ash-mother)', value: 0.5 });
    expect(judge('lossRate(a) > 0.5')).toMatchObject({ status: 'fail', value: 0.46 });
  });

  it('no runs: inconclusive', () => {
    expect(judge('draws < 0.5', report({ runs: 0, draws: 0 })).status).toBe('inconclusive');
  });

  it('property: pass and fail never contradict the interval', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f, bound) => {
        const k = Math.floor(f * n);
        const r = report({ runs: n, draws: k });
        const b = Number(bound.toFixed(4));
        const lt = judge(`draws < ${b}`, r);
        const gt = judge(`draws > ${b}`, r);
        const [lo, hi] = wilsonInterval(k, n);
        if (lt.status === "pass") expect(hi).toBeLessThan(b);
        if (gt.status === "pass") expect(lo).toBeGreaterThan(b);
        expect(lt.status === 'pass' && gt.status === 'pass').toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('the runs hint grows as the bound gets closer', () => {
    const far = runsToSettle({ op: '<', value: 0.6 }, 50, 100)!;
    const near = runsToSettle({ op: '<', value: 0.55 }, 50, 100)!;
    expect(near).toBeGreaterThan(far);
    expect(runsToSettle({ op: '<', value: 0.5 }, 50, 100)).toBeNull();
  });
});
