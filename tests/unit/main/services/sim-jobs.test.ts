import { describe, expect, it } from 'vitest';
import type { SimulationFinished, SimulationProgress, SimulationRequest } from '../../../../src/shared/api';
import type { SimulationRunner } from '../../../../src/main/services/sim-jobs';
import { MAX_CONCURRENT_JOBS, SimulationJobs } from '../../../../src/main/services/sim-jobs';

const request: SimulationRequest = { documents: {}, scenario: 's', policies: ['random', 'random'], seed: 1, runs: 10 };

function setup(run: SimulationRunner) {
  const progress: SimulationProgress[] = [];
  const done: SimulationFinished[] = [];
  const jobs = new SimulationJobs(run, (p) => progress.push(p), (d) => done.push(d));
  const finished = async (n = 1) => {
    for (let i = 0; i < 200 && done.length < n; i++) await new Promise((r) => setTimeout(r, 5));
  };
  return { jobs, progress, done, finished };
}

describe('SimulationJobs', () => {
  it('streams progress with the job id and ends with one done event carrying the report', async () => {
    const { jobs, progress, done, finished } = setup(async (_r, { onProgress }) => {
      onProgress({ done: 5, total: 10, runsPerSecond: 100, etaMs: 50 });
      return { ok: true, value: { report: { runs: 10 }, cancelled: false } };
    });
    const started = jobs.start(request);
    if (!started.ok) throw new Error('not started');
    await finished();
    expect(progress).toEqual([{ jobId: started.value.jobId, done: 5, total: 10, runsPerSecond: 100, etaMs: 50 }]);
    expect(done).toEqual([{ jobId: started.value.jobId, report: { runs: 10 } }]);
    expect(jobs.cancel(started.value.jobId).ok).toBe(false);
  });

  it('cancel aborts the runner and reports cancelled once', async () => {
    const { jobs, done, finished } = setup(
      (_r, { signal }) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve({ ok: true, value: { report: { runs: 3 }, cancelled: true } }))),
    );
    const started = jobs.start(request);
    if (!started.ok) throw new Error('not started');
    expect(jobs.cancel(started.value.jobId)).toEqual({ ok: true, value: null });
    await finished();
    expect(done).toEqual([{ jobId: started.value.jobId, cancelled: true, report: { runs: 3 } }]);
  });

  it('reports a refused setup with its diagnostics, and a crash as sim/failed', async () => {
    const diagnostics = [{ file: 'a.yaml', line: 1, column: 1, endLine: 1, endColumn: 2, severity: 'error' as const, code: 'schema' as const, message: 'm' }];
    const refused = setup(async () => ({ ok: false, error: { code: 'sim/invalid-setup', message: 'fix it', diagnostics } }));
    const a = refused.jobs.start(request);
    await refused.finished();
    expect(refused.done).toEqual([{ jobId: a.ok && a.value.jobId, error: { code: 'sim/invalid-setup', message: 'fix it', diagnostics } }]);
    const crashing = setup(async () => {
      throw new Error('boom');
    });
    crashing.jobs.start(request);
    await crashing.finished();
    expect(crashing.done[0].error?.code).toBe('sim/failed');
    expect(crashing.done[0].error?.message).toMatch(/boom/);
  });

  it(`refuses more than ${MAX_CONCURRENT_JOBS} jobs at once`, () => {
    const { jobs } = setup(() => new Promise(() => undefined));
    for (let i = 0; i < MAX_CONCURRENT_JOBS; i++) expect(jobs.start(request).ok).toBe(true);
    expect(jobs.start(request)).toMatchObject({ ok: false, error: { code: 'sim/too-many' } });
  });
});
