import { describe, expect, it } from 'vitest';
import type { SimulationRequest } from '../../../src/shared/api';
import { runSimulation, BATCH_RUNS } from '../../../src/main/services/simulation';
import type { ProgressInfo } from '../../../src/main/services/simulation';
import { exampleDocuments } from '../shared/engine/bots/example-setups';
import { mkdtempSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundledWorker } from '../../../src/main/services/sim-worker-bundle';

const request = (over: Partial<SimulationRequest> = {}): SimulationRequest => ({
  documents: exampleDocuments(),
  scenario: 'marrow-market',
  policies: ['greedy', 'random'],
  seed: 42,
  runs: 120,
  ...over,
});

const withoutElapsed = (report: unknown): string => {
  const { elapsedMs: _e, ...rest } = report as { elapsedMs: number };
  return JSON.stringify(rest);
};

describe('simulation service', () => {
  it('gives identical reports (but elapsedMs) with 0, 1 and 2 worker threads', async () => {
    const inline = await runSimulation(request({ workers: 0 }));
    const one = await runSimulation(request({ workers: 1 }));
    const two = await runSimulation(request({ workers: 2 }));
    for (const r of [inline, one, two]) if (!r.ok) throw new Error(r.error.message);
    if (!inline.ok || !one.ok || !two.ok) return;
    expect(inline.value.report.runs).toBe(120);
    expect(withoutElapsed(one.value.report)).toBe(withoutElapsed(inline.value.report));
    expect(withoutElapsed(two.value.report)).toBe(withoutElapsed(inline.value.report));
    const sides = inline.value.report.sides;
    expect(sides[0].wins + sides[1].wins + inline.value.report.draws).toBe(120);
    expect(inline.value.report.analysis?.buckets.reduce((n, b) => n + b.count, 0)).toBe(120);
  });

  it('refuses a crew that does not validate with the validator diagnostics', async () => {
    const documents = exampleDocuments();
    const crewPath = Object.keys(documents).find((p) => p.endsWith('crews/iron-choir.yaml'))!;
    documents[crewPath] = documents[crewPath].replace(/die: d\d+/, 'die: d7');
    const r = await runSimulation(request({ documents, scenario: 'drowned-foundry', workers: 0 }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('setup/invalid');
    expect(r.error.diagnostics?.some((d) => d.file === crewPath && d.severity === 'error')).toBe(true);
  });

  it('is not blocked by errors in files the battle does not use', async () => {
    const documents = exampleDocuments();
    documents['scenarios/draft.yaml'] = 'kind: scenario\nschemaVersion: 1\nid: draft\nname: Draft\nareas: [\n';
    const r = await runSimulation(request({ documents, runs: 4, workers: 0 }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.report.runs).toBe(4);
  });

  it('names the valid choices for an unknown scenario, crew or bot', async () => {
    const scenario = await runSimulation(request({ scenario: 'nowhere', workers: 0 }));
    expect(!scenario.ok && scenario.error.code === 'setup/unknown-id' && scenario.error.message.includes('marrow-market')).toBe(true);
    const crew = await runSimulation(request({ crews: ['iron-choir', 'ghosts'], workers: 0 }));
    expect(!crew.ok && crew.error.message.includes("crew 'ghosts'")).toBe(true);
    const bot = await runSimulation(request({ policies: ['greedy', 'oracle'], workers: 0 }));
    expect(!bot.ok && bot.error.code === 'sim/unknown-bot' && bot.error.message.includes('random, greedy, mcts')).toBe(true);
  });

  it('runs until the 95% half-width is reached, at a batch boundary, with throttled progress', async () => {
    const progress: ProgressInfo[] = [];
    const r = await runSimulation(request({ runs: undefined, untilHalfWidth: 0.2, maxRuns: 10 * BATCH_RUNS, policies: ['random', 'random'], workers: 0 }), {
      onProgress: (p) => progress.push(p),
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.report.runs % BATCH_RUNS).toBe(0);
    expect(r.value.report.runs).toBe(BATCH_RUNS);
    for (const s of r.value.report.sides) expect((s.ci95[1] - s.ci95[0]) / 2).toBeLessThan(0.2);
    expect(progress.every((p) => p.total === null)).toBe(true);
  });

  it('streams partial reports of the runs completed so far, ending at the final counts (issue 11 item 6)', async () => {
    for (const workers of [0, 2]) {
      const progress: ProgressInfo[] = [];
      const r = await runSimulation(request({ runs: 3000, policies: ['random', 'random'], workers }), {
        onProgress: (p) => progress.push(p),
      });
      if (!r.ok) throw new Error(r.error.message);
      const partials = progress.flatMap((p) => (p.partial ? [p.partial] : []));
      expect(partials.length, `workers ${workers}`).toBeGreaterThan(0);
      let last = 0;
      for (const p of partials) {
        // Growing, consistent (wins + draws = runs) and never ahead of the progress count.
        expect(p.runs).toBeGreaterThan(last);
        expect(p.sides[0].wins + p.sides[1].wins + p.draws).toBe(p.runs);
        last = p.runs;
      }
      expect(last).toBeLessThanOrEqual(r.value.report.runs);
      expect(r.value.report.runs).toBe(3000);
    }
  });

  it('stops on cancel and says so', async () => {
    const controller = new AbortController();
    const pending = runSimulation(request({ runs: 100_000, workers: 0 }), { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const r = await pending;
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.cancelled).toBe(true);
    expect(r.value.report.runs).toBeLessThan(100_000);
  });

  it('tells the members of a mirror match apart by side', async () => {
    const r = await runSimulation(request({ crews: ['iron-choir', 'iron-choir'], scenario: 'drowned-foundry', runs: 8, workers: 0 }));
    if (!r.ok) throw new Error(r.error.message);
    const members = r.value.report.members;
    expect(new Set(members.map((m) => m.crew)).size).toBe(1);
    const sides = r.value.report.sides.map((s) => s.side);
    expect(members.map((m) => m.side)).toEqual([...members.slice(0, members.length / 2).map(() => sides[0]), ...members.slice(members.length / 2).map(() => sides[1])]);
    expect(new Set(members.map((m) => `${m.side}/${m.member}`)).size).toBe(members.length);
  });
});

describe('worker bundle cache', () => {
  it('bundles the entry once, reuses it while the sources are unchanged and rebuilds when one changes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ms-bundle-'));
    try {
      writeFileSync(join(root, 'dep.ts'), 'export const answer: number = 41;\n');
      writeFileSync(join(root, 'entry.ts'), "import { answer } from './dep';\nexport const value = (): number => answer + 1;\n");
      const first = await bundledWorker(root, join(root, 'entry.ts'));
      expect(first).not.toBeNull();
      expect(first!.startsWith(join(root, 'node_modules', '.cache', 'mortisphere'))).toBe(true);
      expect(((await import(pathToFileURL(first!).href)) as { value: () => number }).value()).toBe(42);
      expect(await bundledWorker(root, join(root, 'entry.ts'))).toBe(first);
      writeFileSync(join(root, 'dep.ts'), 'export const answer: number = 9;\n');
      const second = await bundledWorker(root, join(root, 'entry.ts'));
      expect(second).not.toBe(first);
      expect(((await import(pathToFileURL(second!).href)) as { value: () => number }).value()).toBe(10);
      expect(readdirSync(join(root, 'node_modules', '.cache', 'mortisphere')).some((f) => f.endsWith('.tmp'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers null (the caller falls back to tsx) when the entry cannot be built', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ms-bundle-'));
    try {
      writeFileSync(join(root, 'entry.ts'), "import { nope } from './missing';\nexport const x = nope;\n");
      expect(await bundledWorker(root, join(root, 'entry.ts'))).toBeNull();
      expect(existsSync(join(root, 'node_modules', '.cache', 'mortisphere', 'sim-worker.json'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
