import { describe, expect, it } from 'vitest';
import type { ForecastRequest } from '../../../src/shared/api';
import { runForecast } from '../../../src/main/services/forecast';
import type { ProgressInfo } from '../../../src/main/services/simulation';
import { exampleDocuments } from '../shared/engine/bots/example-setups';

const request = (over: Partial<ForecastRequest> = {}): ForecastRequest => ({
  documents: exampleDocuments(),
  campaign: 'ashen-reach',
  policies: ['random', 'random'],
  seed: 9,
  runs: 40,
  ...over,
});

const withoutElapsed = (report: unknown): string => {
  const { elapsedMs: _e, ...rest } = report as { elapsedMs: number };
  return JSON.stringify(rest);
};

describe('season forecast service (issue 10, item 7)', () => {
  it('same seed ⇒ same report (but elapsedMs) with 0, 1 and 2 worker threads', async () => {
    const inline = await runForecast(request({ workers: undefined }), { workers: 0 });
    const one = await runForecast(request({ workers: 1 }));
    const two = await runForecast(request({ workers: 2 }));
    for (const r of [inline, one, two]) if (!r.ok) throw new Error(r.error.message);
    if (!inline.ok || !one.ok || !two.ok) return;
    expect(inline.value.report.runs).toBe(40);
    expect(withoutElapsed(one.value.report)).toBe(withoutElapsed(inline.value.report));
    expect(withoutElapsed(two.value.report)).toBe(withoutElapsed(inline.value.report));
    const other = await runForecast(request({ seed: 10 }), { workers: 0 });
    expect(other.ok && withoutElapsed(other.value.report)).not.toBe(withoutElapsed(inline.value.report));
  }, 120_000);

  it('reports progress and stops when cancelled, marking the result cancelled', async () => {
    const seen: ProgressInfo[] = [];
    const controller = new AbortController();
    const r = await runForecast(request({ runs: 100_000 }), {
      workers: 0,
      onProgress: (p) => {
        seen.push(p);
        if (p.done >= 32) controller.abort();
      },
      signal: controller.signal,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.cancelled).toBe(true);
    expect(r.value.report.runs).toBeLessThan(100_000);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)!.total).toBe(100_000);
  }, 120_000);

  it('refuses a campaign with errors with its diagnostics, and an unknown campaign', async () => {
    const docs = exampleDocuments();
    docs['campaigns/ashen-reach.yaml'] = docs['campaigns/ashen-reach.yaml']!.replace('roll: 2', 'roll: 9');
    const bad = await runForecast(request({ documents: docs }), { workers: 0 });
    expect(!bad.ok && bad.error.code).toBe('forecast/invalid');
    expect(!bad.ok && bad.error.diagnostics?.[0]?.code).toBe('campaign-aftermath-roll');
    const unknown = await runForecast(request({ campaign: 'nope' }), { workers: 0 });
    expect(!unknown.ok && unknown.error.message).toContain('valid campaigns: ashen-reach');
  });
});
