import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedyPolicy, randomPolicy } from '../../../../src/shared/engine/bots';
import { BATTLE_LOG_VERSION, compareSetups, createBattleLog, describeDifferences, parseBattleLog, readBattleLog, replayLog, serializeBattleLog } from '../../../../src/shared/engine/battle-log';
import { setupProblem } from '../../../../src/shared/engine/setup-check';
import { playBattle } from '../../../../src/shared/engine/sim/runner';
import { EXAMPLE_SCENARIOS, exampleSetup } from './bots/example-setups';
import { mkSetup } from './helpers';

describe('battle logs: one shared reader and writer (R1.6)', () => {
  it('R1.6 a written log reads back equal and replays bit-identically from its own setup', () => {
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      const played = playBattle(setup, [greedyPolicy(), randomPolicy()], 4, 4, true);
      if (!played.ok) throw new Error(played.error.message);
      const text = serializeBattleLog(createBattleLog(setup, 4, played.value.decisions));
      const log = parseBattleLog(text);
      if (!log.ok) throw new Error(log.error.message);
      expect(log.value.version).toBe(BATTLE_LOG_VERSION);
      expect(serializeBattleLog(log.value)).toBe(text);
      // A JSON round trip is all a reader elsewhere has: the replay must not depend on object identity.
      const replayed = replayLog(log.value, log.value.setup!);
      if (!replayed.ok) throw new Error(replayed.error.message);
      expect(replayed.value.events).toEqual(played.value.events);
      expect(replayed.value.state.rng).toEqual(played.value.state.rng);
    }
  });

  it('reads version 1 logs (ids only) and refuses unknown versions and malformed fields', () => {
    const v1 = readBattleLog({ scenario: 's', crews: ['a', 'b'], ruleset: 'core', seed: 1, decisions: [] });
    expect(v1.ok && v1.value).toEqual({ scenario: 's', crews: ['a', 'b'], ruleset: 'core', seed: 1, decisions: [] });
    expect(serializeBattleLog(v1.ok ? v1.value : (null as never))).toBe('{\n  "scenario": "s",\n  "crews": [\n    "a",\n    "b"\n  ],\n  "ruleset": "core",\n  "seed": 1,\n  "decisions": []\n}\n');
    expect(readBattleLog({ version: 7 })).toMatchObject({ ok: false, error: { code: 'log/version' } });
    expect(parseBattleLog('nope')).toMatchObject({ ok: false, error: { code: 'log/malformed' } });
    expect(readBattleLog({ scenario: 's', crews: ['a'], ruleset: 'core', seed: 1, decisions: [] })).toMatchObject({ ok: false, error: { message: expect.stringContaining("'crews'") } });
    expect(readBattleLog({ scenario: 's', crews: ['a', 'b'], ruleset: 'core', seed: 1, decisions: [], setup: {} })).toMatchObject({ ok: false, error: { message: expect.stringContaining("needs 'version: 2'") } });
  });

  it('a damaged stored setup is refused, never thrown, whatever is changed in it', () => {
    const setup = exampleSetup('glass-temple');
    expect(setupProblem(JSON.parse(JSON.stringify(setup)))).toBeNull();
    expect(setupProblem(mkSetup({ a: [{ id: 'x', die: 'd6', effects: [{ rollModifier: 1, when: { role: 'attacker' } }] }], b: [{ id: 'y', die: 'd8' }] }))).toBeNull();
    const junk = fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.constant([]), fc.constant({}), fc.constant({ effect: { fly: 1 }, source: 'x' }));
    fc.assert(
      fc.property(fc.array(fc.nat()), junk, (path, value) => {
        const copy = JSON.parse(JSON.stringify(setup)) as Record<string, unknown>;
        let at: unknown = copy;
        for (const i of path) {
          if (at === null || typeof at !== 'object') break;
          const keys = Object.keys(at as object);
          if (keys.length === 0) break;
          const k = keys[i % keys.length]!;
          const next = (at as Record<string, unknown>)[k];
          if (next === null || typeof next !== 'object' || i % 3 === 0) {
            (at as Record<string, unknown>)[k] = value;
            break;
          }
          at = next;
        }
        const problem = setupProblem(copy);
        expect(problem === null || typeof problem === 'string').toBe(true);
        const log = readBattleLog({ version: 2, scenario: 's', crews: ['a', 'b'], ruleset: 'core', seed: 1, setup: copy, decisions: [] });
        if (log.ok) expect(playBattle(log.value.setup!, [randomPolicy(), randomPolicy()], 1, 1).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('compareSetups names what differs by the document it comes from', () => {
    const stored = exampleSetup('drowned-foundry');
    expect(compareSetups(stored, exampleSetup('drowned-foundry'))).toEqual([]);
    const current = JSON.parse(JSON.stringify(stored)) as typeof stored;
    current.rounds += 1;
    current.ruleset.clash.tie = 'defender';
    current.sides[1].members[0]!.maxHealth += 1;
    const diffs = compareSetups(stored, current);
    expect(diffs).toEqual([
      { kind: 'scenario', id: 'drowned-foundry', details: ['rounds'] },
      { kind: 'ruleset', id: 'core', details: ['clash'] },
      { kind: 'crew', id: stored.sides[1].crewId, details: [`member '${stored.sides[1].members[0]!.id}'`] },
    ]);
    expect(describeDifferences(diffs, (kind, id) => (kind === 'scenario' ? `scenarios/${id}.yaml` : undefined))[0]).toBe("scenario 'drowned-foundry' (scenarios/drowned-foundry.yaml): rounds");
  });
});
