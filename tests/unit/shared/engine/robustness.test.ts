import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, buildSetup, createBattle, isLegal, legalActions } from '../../../../src/shared/engine';
import type { Action, BattleState } from '../../../../src/shared/engine';
import { emptyWorkspaceModel } from '../../../../src/shared/model/workspace';
import { mkSetup } from './helpers';

const setup = mkSetup({
  a: [{ id: 'x', die: 'd6', health: 2 }, { id: 'x2', die: 'd6' }, { id: 'x3', die: 'd6' }],
  b: [{ id: 'y', die: 'd20', health: 3 }],
  areas: ['p', 'q'],
  objectives: [{ id: 'o', name: 'O', area: 'p', kind: 'interact' }],
  ruleset: { clash: { interception: true } },
});
const key = fc.constantFrom('a:x', 'a:x2', 'a:x3', 'b:y', 'nope', '', '__proto__', 'constructor');
const junk = fc.oneof(fc.constant(null), fc.constant(undefined), fc.integer(), fc.string(), fc.constant({}), fc.constant([]));
const action = fc.oneof(
  fc.record({ type: fc.constantFrom('clash', 'respond', 'move', 'interact', 'hold', 'swarmLoss', 'declare', 'dance'), side: fc.oneof(fc.constantFrom('a', 'b', 'c'), junk) }),
  fc.record({ type: fc.constant('clash'), side: fc.constantFrom('a', 'b'), attacks: fc.oneof(junk, fc.array(fc.oneof(junk, fc.record({ attacker: key, target: key })))), swarms: fc.oneof(junk, fc.array(fc.oneof(junk, fc.array(key)))) }),
  fc.record({ type: fc.constant('respond'), side: fc.constantFrom('a', 'b'), responses: fc.oneof(junk, fc.dictionary(key, fc.oneof(fc.constantFrom('defend', 'absorb'), junk))), interceptors: fc.oneof(junk, fc.dictionary(key, fc.oneof(key, junk))) }),
  fc.record({ type: fc.constantFrom('move', 'interact', 'hold', 'swarmLoss'), side: fc.constantFrom('a', 'b'), member: fc.oneof(key, junk), to: fc.oneof(fc.constantFrom('p', 'q', 'zz'), junk), objective: fc.oneof(fc.constantFrom('o', 'zz'), junk) }),
  fc.record({ type: fc.constant('declare'), side: fc.constantFrom('a', 'b'), orders: fc.oneof(junk, fc.array(fc.oneof(junk, fc.record({ member: key, act: fc.oneof(fc.constantFrom('clash', 'move', 'interact', 'hold', 'x'), junk), target: key, to: fc.constantFrom('p', 'q'), objective: fc.constant('o') })))) }),
) as fc.Arbitrary<Action>;

describe('bad input never crashes the engine', () => {
  it('applyAction and isLegal return values for any junk action, leaving the state unchanged', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(40), fc.array(action, { maxLength: 6 }), (seed, steps, junkActions) => {
        let s: BattleState = createBattle(setup, seed);
        for (let i = 0; i < steps && s.phase !== 'ended'; i++) {
          const acts = legalActions(s);
          const r = applyAction(s, acts[(seed >>> 0) % acts.length]!);
          if (!r.ok) throw new Error(r.error.message);
          s = r.value.state;
        }
        const before = JSON.stringify(s);
        for (const a of junkActions) {
          const legal = isLegal(s, a);
          const r = applyAction(s, a);
          expect(r.ok).toBe(legal);
          if (!r.ok) expect(r.error.code).toBe('action/illegal');
          expect(JSON.stringify(s)).toBe(before);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('buildSetup refuses malformed documents with an error value', () => {
    const m = emptyWorkspaceModel();
    m.scenarios.set('s', { kind: 'scenario', schemaVersion: 1, id: 's', name: 'S', areas: [{ id: 'p', name: 'P' }], sides: [{ id: 'a', name: 'A', deploy: 'p', crew: 'c' }, { id: 'b', name: 'B', deploy: 'p', crew: 'c' }] } as never);
    m.crews.set('c', { kind: 'crew', schemaVersion: 1, id: 'c', name: 'C', members: null } as never);
    expect(buildSetup(m, { scenario: 's' }).ok).toBe(false);
    m.crews.set('c', { kind: 'crew', schemaVersion: 1, id: 'c', name: 'C', members: [{ id: 'z', name: 'Z', type: 'survivor', die: 'd7', health: 1, captain: true }] } as never);
    const r = buildSetup(m, { scenario: 's' });
    expect(!r.ok && r.error.message).toContain('d7');
    m.scenarios.set('t', { kind: 'scenario', schemaVersion: 1, id: 't', name: 'T' } as never);
    expect(buildSetup(m, { scenario: 't' }).ok).toBe(false);
  });
});
