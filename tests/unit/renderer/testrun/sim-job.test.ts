import { describe, expect, it } from 'vitest';
import type { Api, ApiEventName, ApiEvents, SimulationRequest } from '../../../../src/shared/api';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { simulate } from '../../../../src/shared/engine/sim/runner';
import { err, ok } from '../../../../src/shared/result';
import { runSimulationJob } from '../../../../src/renderer/src/testrun/sim-job';
import {
  ME_IN_BATCH,
  batchPolicies,
  namesOf,
  simulationRequest,
} from '../../../../src/renderer/src/testrun/sim-request';
import { mkSetup } from '../../shared/engine/helpers';
import { exampleDocuments, exampleModel } from './example';

type Listener = (p: unknown) => void;

/** An Api whose simulation events the test fires by hand; `emitEarly` fires before the id is returned. */
function fakeApi(
  script: (emit: <E extends ApiEventName>(e: E, p: ApiEvents[E]) => void) => void,
  startResult = ok({ jobId: 'job-1' }),
) {
  const listeners = new Map<string, Set<Listener>>();
  const cancelled: string[] = [];
  const emit = <E extends ApiEventName>(e: E, p: ApiEvents[E]): void =>
    listeners.get(e)?.forEach((l) => l(p));
  const api = {
    on: (e: string, l: Listener) => {
      if (!listeners.has(e)) listeners.set(e, new Set());
      listeners.get(e)!.add(l);
      return () => listeners.get(e)!.delete(l);
    },
    startSimulation: async (_r: SimulationRequest) => {
      script(emit);
      return startResult;
    },
    cancelSimulation: async (id: string) => {
      cancelled.push(id);
      return ok(null);
    },
  } as unknown as Api;
  return {
    api,
    cancelled,
    emit,
    listenerCount: () => [...listeners.values()].reduce((t, s) => t + s.size, 0),
  };
}

const realReport = () => {
  const p = getPolicies(['random', 'random']);
  if (!p.ok) throw new Error('bots');
  const r = simulate(mkSetup({ a: [{ id: 'x', die: 'd6' }], b: [{ id: 'y', die: 'd6' }] }), {
    runs: 20,
    seed: 1,
    policies: p.value,
  });
  if (!r.ok) throw new Error(r.error.message);
  return JSON.parse(JSON.stringify(r.value)) as unknown;
};

const request: SimulationRequest = {
  documents: {},
  scenario: 's',
  policies: ['random', 'random'],
  seed: 1,
  runs: 20,
};

describe('simulation job', () => {
  it('keeps events that arrive before the job id, filters other jobs, and ends once with the report', async () => {
    const report = realReport();
    const f = fakeApi((emit) => {
      emit('main:sim-progress', { jobId: 'job-1', done: 10, total: 20, runsPerSecond: 100, etaMs: 100 });
      emit('main:sim-progress', { jobId: 'other', done: 5, total: 20, runsPerSecond: 100, etaMs: 100 });
      emit('main:sim-done', { jobId: 'job-1', report });
    });
    const seen: number[] = [];
    const h = runSimulationJob(f.api, request, (p) => seen.push(p.done));
    const o = await h.done;
    expect(o.kind).toBe('done');
    expect(o.kind === 'done' && o.report.runs).toBe(20);
    expect(seen).toEqual([10]);
    expect(f.listenerCount()).toBe(0);
  });

  it('cancel before the id is known still cancels the job; a cancelled job keeps its partial report', async () => {
    const f = fakeApi(() => {});
    const h = runSimulationJob(f.api, request, () => {});
    h.cancel();
    await new Promise((r) => setTimeout(r, 0));
    expect(f.cancelled).toEqual(['job-1']);
    f.emit('main:sim-done', { jobId: 'job-1', cancelled: true, report: realReport() });
    const o = await h.done;
    expect(o.kind === 'cancelled' && o.report?.runs).toBe(20);
  });

  it('reports a refused start and an error with diagnostics as values', async () => {
    const refused = fakeApi(() => {}, err('sim/too-many', 'busy'));
    expect(await runSimulationJob(refused.api, request, () => {}).done).toMatchObject({
      kind: 'error',
      code: 'sim/too-many',
    });
    const diag = {
      file: 'a.yaml',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      severity: 'error' as const,
      code: 'schema' as const,
      message: 'bad',
    };
    const failing = fakeApi((emit) =>
      emit('main:sim-done', {
        jobId: 'job-1',
        error: { code: 'setup/invalid', message: 'no', diagnostics: [diag] },
      }),
    );
    expect(await runSimulationJob(failing.api, request, () => {}).done).toMatchObject({
      kind: 'error',
      code: 'setup/invalid',
      diagnostics: [diag],
    });
    const garbage = fakeApi((emit) => emit('main:sim-done', { jobId: 'job-1', report: { runs: 'x' } }));
    expect(await runSimulationJob(garbage.api, request, () => {}).done).toMatchObject({
      kind: 'error',
      code: 'sim/bad-report',
    });
  });
});

describe('simulation request', () => {
  it('sends the documents as given, the effective crews, "me" as the batch bot, and the run plan', () => {
    const { model } = exampleModel();
    const docs = exampleDocuments();
    const choice = {
      scenario: 'drowned-foundry',
      crews: ['', 'marrow-kin'] as [string, string],
      ruleset: 'grim-reach',
      players: ['me', 'mcts'] as ['me', 'mcts'],
      seed: 9,
    };
    const r = simulationRequest(model, docs, choice, { mode: 'runs', runs: 2000 });
    expect(r).toMatchObject({
      scenario: 'drowned-foundry',
      crews: ['iron-choir', 'marrow-kin'],
      ruleset: 'grim-reach',
      policies: [ME_IN_BATCH, 'mcts'],
      seed: 9,
      runs: 2000,
    });
    expect(r.documents).toBe(docs);
    const i = simulationRequest(
      model,
      docs,
      { ...choice, ruleset: '' },
      { mode: 'interval', halfWidth: 0.02, maxRuns: 50000 },
    );
    expect(i).toMatchObject({ untilHalfWidth: 0.02, maxRuns: 50000 });
    expect(i.runs).toBeUndefined();
    expect(i.ruleset).toBeUndefined();
    expect(batchPolicies(['random', 'me'])).toEqual(['random', ME_IN_BATCH]);
    expect(namesOf(model, { ...choice, scenario: 'drowned-foundry', crews: ['', 'iron-choir'] })).toMatchObject({
      a: 'The Choir',
      'reactor-core': 'Wake the Reactor Core',
      gate: 'The Gate',
      // Member names per side, from the crews the battle uses (a mirror match stays readable).
      'member:a:warden-7': 'Warden-7',
      'member:b:warden-7': 'Warden-7',
    });
  });
});
