import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aftermathOutcome } from '../../../../src/shared/engine';
import { crewsBefore, isDead, planRecord, rebuildCrews } from '../../../../src/shared/campaign';
import { CORE_RULESET } from '../../../../src/shared/model/ruleset-defaults';
import type { CampaignBattle, CrewDoc } from '../../../../src/shared/model/types';
import { applyEdits, baseFiles, errors, load } from './helpers';
import type { Files } from './helpers';

const CREWS = ['reds', 'blues', 'greens'] as const;

/** A random but valid battle between two crews that can still fight, from random choices. */
function battleFrom(files: Files, pick: { pair: number; scenario: number; winner: number; points: [number, number]; fate: number[]; rolls: number[]; by: number[]; date: number }): CampaignBattle | null {
  const { model } = load(files);
  const alive = CREWS.filter((c) => model.crews.get(c)!.members.some((m) => !isDead(m)));
  if (alive.length < 2) return null;
  const a = alive[pick.pair % alive.length]!;
  const b = alive[(pick.pair + 1 + (pick.pair >> 3) % (alive.length - 1)) % alive.length]!;
  if (a === b) return null;
  const living = (c: string) => model.crews.get(c)!.members.filter((m) => !isDead(m));
  const pool = [...living(a).map((m) => [a, m.id, b] as const), ...living(b).map((m) => [b, m.id, a] as const)];
  let k = 0;
  const aftermath: NonNullable<CampaignBattle['aftermath']> = [];
  const fled: string[] = [];
  pool.forEach(([crew, id, enemy], i) => {
    const fate = pick.fate[i % pick.fate.length]! % 4;
    if (fate === 1 || fate === 2) {
      const roll = (pick.rolls[k++ % pick.rolls.length]! % 6) + 1;
      const foes = living(enemy);
      const by = pick.by[i % pick.by.length]! % (foes.length + 1);
      aftermath.push({ member: `${crew}/${id}`, roll, outcome: aftermathOutcome(CORE_RULESET.aftermath, roll), ...(by < foes.length ? { by: `${enemy}/${foes[by]!.id}` } : {}) });
    } else if (fate === 3 && pick.fate.length % 5 === 0) fled.push(`${crew}/${id}`);
  });
  const winner = pick.winner % 3;
  return {
    scenario: pick.scenario % 2 === 0 ? 'pit' : 'bridge',
    date: `2027-01-${String(10 + (pick.date % 18)).padStart(2, '0')}`,
    seed: pick.date * 7,
    sides: { a, b },
    winner: winner === 0 ? null : winner === 1 ? 'a' : 'b',
    points: { a: pick.points[0], b: pick.points[1] },
    ruleset: 'core',
    ...(aftermath.length ? { aftermath } : {}),
    ...(fled.length ? { fled } : {}),
  };
}

const pickArb = fc.record({
  pair: fc.nat(50),
  scenario: fc.nat(3),
  winner: fc.nat(5),
  points: fc.tuple(fc.nat(9), fc.nat(9)),
  fate: fc.array(fc.nat(7), { minLength: 1, maxLength: 8 }),
  rolls: fc.array(fc.nat(20), { minLength: 1, maxLength: 6 }),
  by: fc.array(fc.nat(5), { minLength: 1, maxLength: 4 }),
  date: fc.nat(40),
});

const crewsOf = (files: Files): Map<string, CrewDoc> => load(files).model.crews;

/** A crew with empty history lists left out (`history: []` and no history mean the same). */
const norm = (crew: CrewDoc | undefined): unknown =>
  crew && { ...crew, members: crew.members.map(({ history, ...m }) => (history && history.length > 0 ? { ...m, history } : m)) };

describe('rebuilding the rosters from the ledger gives the files (property)', () => {
  it('R10 N random battles recorded through the files; rebuilt forward from the start and back to every battle, the crews match', () => {
    fc.assert(
      fc.property(fc.array(pickArb, { minLength: 1, maxLength: 6 }), (picks) => {
        // Plan for more battles than the random ones can use.
        let files: Files = { ...baseFiles() };
        files['campaigns/league.yaml'] = files['campaigns/league.yaml']!.replace('[pit, bridge, pit, bridge]', `[${Array.from({ length: 8 }, (_, i) => (i % 2 ? 'bridge' : 'pit')).join(', ')}]`);
        const start = crewsOf(files);
        const states = [start];
        for (const p of picks) {
          const b = battleFrom(files, p);
          if (b === null) break;
          const { model, textOf } = load(files);
          const plan = planRecord(model, textOf, 'league', b);
          if (!plan.ok) throw new Error(plan.error.message);
          files = applyEdits(files, plan.value.edits);
          states.push(crewsOf(files));
        }
        const { model, diagnostics } = load(files);
        expect(errors(diagnostics)).toEqual([]);
        const campaign = model.campaigns.get('league')!;
        const rebuilt = rebuildCrews(model, campaign, start);
        for (const c of CREWS) expect(rebuilt.get(c)).toEqual(model.crews.get(c));
        states.forEach((state, k) => {
          const back = crewsBefore(model, campaign, k);
          expect(back.notes).toEqual([]);
          for (const c of CREWS) expect(norm(back.crews.get(c)), `crew ${c} before battle #${k + 1}`).toEqual(norm(state.get(c)));
        });
      }),
      { numRuns: 25 },
    );
  });
});
