import { describe, expect, it, vi } from 'vitest';
import type { BattleEvent } from '../../../../../src/shared/engine/events';
import { getPolicies } from '../../../../../src/shared/engine/bots';
import { COVERED_RULES, markSlot, recordCoverage } from '../../../../../src/shared/engine/coverage';
import { coverageEntries } from '../../../../../src/shared/engine/sim/coverage-layout';
import { neverFiredLine } from '../../../../../src/shared/engine/sim/coverage-report';
import { replayRun, simulate } from '../../../../../src/shared/engine/sim/runner';
import type { BattleSetup, SourcedEffect } from '../../../../../src/shared/engine/types';
import type { Effect } from '../../../../../src/shared/model/types';
import { EXAMPLE_SCENARIOS, exampleSetup } from '../bots/example-setups';

const fresh = (bot = 'random') => {
  const p = getPolicies([bot, bot]);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
};

const SEED = 41;

/** The tracked rules a battle's event log shows (the oracle of the recorder, core ruleset). */
const rulesInLog = (events: BattleEvent[]): Set<string> => {
  const out = new Set<string>();
  for (const e of events) {
    if (e.type === 'initiative' && e.how !== 'lowerValue') out.add('R2.2');
    if (e.type === 'clashDeclared') out.add('R3.1');
    if (e.type === 'pairResolved' && e.outcome !== 'skipped') {
      if (e.defender === null) out.add('R4.4');
      else {
        if (e.defender !== e.target) out.add('R3.3');
        if (e.attackerResult === e.defenderResult) out.add('R4.3');
      }
    }
    if (e.type === 'groupRolled' && e.mode === 'swarm') out.add('R6.1');
    if (e.type === 'incapacitated') out.add('R5.3');
    if (e.type === 'lastStand') out.add('R7.2');
    if (e.type === 'lastStandLoss') out.add('R7.3');
    if (e.type === 'moved') out.add('R8.2');
    if (e.type === 'retreatFailed') out.add('R8.4');
    if (e.type === 'interacted') out.add('R9.2');
    if (e.type === 'progressReset') out.add('R9.3');
    if (e.type === 'battleEnded' && e.reason !== 'rounds') out.add('R9.5');
    if (e.type === 'morale') out.add('R12.morale');
  }
  return out;
};

const ORACLE_RULES = ['R2.2', 'R3.1', 'R3.3', 'R4.3', 'R4.4', 'R5.3', 'R6.1', 'R7.2', 'R7.3', 'R8.2', 'R8.4', 'R9.2', 'R9.3', 'R9.5', 'R12.morale'];

/** A copy of `setup` with `effects` added to the first member of side 0, as the named source. */
const withEffects = (setup: BattleSetup, source: string, effects: Effect[]): BattleSetup => {
  const copy = JSON.parse(JSON.stringify(setup)) as BattleSetup;
  const extra: SourcedEffect[] = effects.map((effect) => ({ effect, source }));
  copy.sides[0].members[0]!.effects.push(...extra);
  return copy;
};

describe('rule coverage recorder (issue 16 item 6)', () => {
  for (const scenario of EXAMPLE_SCENARIOS) {
    it(`R3.1 R4.3 R4.4 R5.3 R8.2 R9.5 …: ${scenario}: every tracked rule counts exactly the battles whose event log shows it`, () => {
      const setup = exampleSetup(scenario);
      const runs = 40;
      const sim = simulate(setup, { runs, seed: SEED, policies: fresh() });
      if (!sim.ok) throw new Error(sim.error.message);
      const counts = new Map(sim.value.coverage!.entries.filter((e) => e.kind === 'rule').map((e) => [e.id, e.battles]));
      const expected = new Map<string, number>(ORACLE_RULES.map((r) => [r, 0]));
      const policies = fresh();
      for (let i = 0; i < runs; i++) {
        const played = replayRun(setup, policies, SEED, i);
        if (!played.ok) throw new Error(played.error.message);
        for (const r of rulesInLog(played.value.events)) expected.set(r, (expected.get(r) ?? 0) + 1);
      }
      for (const r of ORACLE_RULES) expect({ rule: r, battles: counts.get(r) }).toEqual({ rule: r, battles: expected.get(r) });
      // A rule that must fire does: every random battle here declares a Clash.
      expect(counts.get('R3.1')).toBeGreaterThan(0);
    });
  }

  it('R11 an unconditional effect read by every roll fires; objectives and Areas count the battles they mattered in', () => {
    const setup = withEffects(exampleSetup('drowned-foundry'), 'Steady Hands (ability)', [{ rollModifier: 0 }]);
    const sim = simulate(setup, { runs: 30, seed: SEED, policies: fresh() });
    if (!sim.ok) throw new Error(sim.error.message);
    const cov = sim.value.coverage!;
    const ability = cov.entries.find((e) => e.kind === 'ability' && e.id === 'steady-hands');
    expect(ability?.battles).toBeGreaterThan(0);
    expect(cov.entries.find((e) => e.id === 'steady-hands#1')).toMatchObject({ kind: 'effect', of: 'ability:steady-hands', name: 'rollModifier 0' });
    // Areas where members deploy count in every battle.
    const deploy = setup.sides[0].members[0]!.startArea;
    expect(cov.entries.find((e) => e.kind === 'area' && e.id === deploy)?.battles).toBe(30);
    // Objectives: completed in a battle implies counted in it.
    for (const o of sim.value.objectives) {
      const completed = Math.max(...Object.values(o.completedRate)) * 30;
      expect(cov.entries.find((e) => e.kind === 'objective' && e.id === o.id)!.battles).toBeGreaterThanOrEqual(Math.round(completed));
    }
  });

  it("R11 when: an effect whose `when` cannot hold never fires, and the reason names what the scenario lacks", () => {
    // glass-temple has no flooded Area (drowned-foundry has two, and there it fires).
    const setup = withEffects(exampleSetup('glass-temple'), 'Spore Cloud (ability)', [{ armor: 1, when: { role: 'defender', area: 'flooded' } }]);
    const sim = simulate(setup, { runs: 20, seed: SEED, policies: fresh() });
    if (!sim.ok) throw new Error(sim.error.message);
    const cov = sim.value.coverage!;
    expect(cov.entries.find((e) => e.id === 'spore-cloud')?.battles).toBe(0);
    const never = cov.neverFired.find((n) => n.kind === 'ability' && n.id === 'spore-cloud');
    expect(never?.reason).toBe("its `when` needs role defender, in an Area named or tagged 'flooded', but this scenario has no Area named or tagged 'flooded'");
    expect(neverFiredLine(never!, 10_000)).toBe(
      "ability 'spore-cloud' never fired in 10,000 battles: its `when` needs role defender, in an Area named or tagged 'flooded', but this scenario has no Area named or tagged 'flooded'",
    );
    // Its effect is not listed again: the source already says it.
    expect(cov.neverFired.some((n) => n.id === 'spore-cloud#1')).toBe(false);
  });

  it('R11 when: rounds, opponent types and dice, Swarms and keys that the scenario cannot offer give their reasons', () => {
    const base = exampleSetup('drowned-foundry');
    const setup = withEffects(base, 'Odd Luck (ability)', [
      { rollModifier: 1, when: { roundAtLeast: base.rounds + 1 } },
      { damage: 1, when: { opponentType: 'dragon' } },
      { damage: 1, when: { opponentDieAtLeast: 'd20' } },
      { regenerate: 1, when: { role: 'attacker' } },
    ]);
    const entries = coverageEntries(setup);
    const effect = (n: number) => entries.find((e) => e.id === `odd-luck#${n}`)!;
    expect(effect(1).impossible).toBe(`this scenario has only ${base.rounds} rounds`);
    expect(effect(2).impossible).toBe("no opposing member is of type 'dragon'");
    expect(effect(3).impossible).toMatch(/^no opposing member has d20 or larger \(the largest is d\d+\)$/);
    expect(effect(4).impossible).toBe('regenerate is read outside a Clash, where nobody has the role attacker');
    expect(entries.find((e) => e.id === 'odd-luck')!.impossible).toContain("no opposing member is of type 'dragon'");
  });

  it('R3.3 R12: rules the ruleset switches off name the knob and are not listed as never fired', () => {
    const setup = exampleSetup('marrow-market');
    const sim = simulate(setup, { runs: 10, seed: SEED, policies: fresh() });
    if (!sim.ok) throw new Error(sim.error.message);
    const r33 = sim.value.coverage!.entries.find((e) => e.id === 'R3.3')!;
    if (!setup.ruleset.clash.interception) {
      expect(r33.off).toBe('the ruleset sets clash.interception: false');
      expect(sim.value.coverage!.neverFired.some((n) => n.id === 'R3.3')).toBe(false);
    }
    expect(sim.value.coverage!.entries.filter((e) => e.kind === 'rule').map((e) => e.id)).toEqual(COVERED_RULES.map((r) => r.id));
  });

  it('the recorder is off outside a simulation run: marking without a battle changes nothing and never throws', () => {
    recordCoverage(null);
    expect(() => markSlot(0)).not.toThrow();
    const flags = new Uint8Array(4);
    recordCoverage(flags);
    markSlot(2);
    recordCoverage(null);
    markSlot(1);
    expect([...flags]).toEqual([0, 0, 1, 0]);
  });

  it('the report is the same for one simulation and the same runs split and merged (coverage counts add up)', async () => {
    const { emptyAccumulator, mergeInto } = await import('../../../../../src/shared/engine/sim/stats');
    const { layoutOf, runRange } = await import('../../../../../src/shared/engine/sim/runner');
    const { buildReport } = await import('../../../../../src/shared/engine/sim/report');
    const setup = exampleSetup('glass-temple');
    const layout = layoutOf(setup);
    const whole = emptyAccumulator(layout);
    expect(runRange(setup, layout, fresh(), SEED, 0, 30, whole).ok).toBe(true);
    const a = emptyAccumulator(layout);
    const b = emptyAccumulator(layout);
    runRange(setup, layout, fresh(), SEED, 0, 13, a);
    runRange(setup, layout, fresh(), SEED, 13, 30, b);
    expect(JSON.stringify(buildReport(layout, mergeInto(a, b), SEED, 0))).toBe(JSON.stringify(buildReport(layout, whole, SEED, 0)));
  });

  it('ranges of setups with other recorder slots, in turn, count as each alone (one flags array per thread, cleared per battle)', async () => {
    /** A fresh runner module (its flags array not made yet) and a range's coverage report with it. */
    const freshRunner = async () => {
      vi.resetModules();
      const { emptyAccumulator } = await import('../../../../../src/shared/engine/sim/stats');
      const { layoutOf, runRange } = await import('../../../../../src/shared/engine/sim/runner');
      const { buildReport } = await import('../../../../../src/shared/engine/sim/report');
      return (setup: BattleSetup, from: number, to: number): string => {
        const layout = layoutOf(setup);
        const acc = emptyAccumulator(layout);
        expect(runRange(setup, layout, fresh(), SEED, from, to, acc).ok).toBe(true);
        return JSON.stringify(buildReport(layout, acc, SEED, 0).coverage);
      };
    };
    const setups = ['glass-temple', 'drowned-foundry', 'marrow-market'].map((id) => exampleSetup(id));
    const alone: string[] = [];
    for (const setup of setups) alone.push((await freshRunner())(setup, 0, 12));
    // One runner for all, its first range on the setup with the fewest recorder slots (drowned-foundry:
    // 43; glass-temple 45, marrow-market 46); then each in turn, twice round; another range differs.
    const report = await freshRunner();
    for (const i of [1, 0, 2, 2, 0, 1]) expect(report(setups[i]!, 0, 12)).toBe(alone[i]);
    expect(report(setups[0]!, 5, 12)).not.toBe(alone[0]);
  });
});
