import { describe, expect, it } from 'vitest';
import { oddsByAttackerLoss, oddsRows } from '../../../../../src/shared/engine/analysis';
import { CORE_RULESET } from '../../../../../src/shared/model/ruleset-defaults';
import type { RulesetKnobs } from '../../../../../src/shared/model/types';

const core = (): RulesetKnobs => JSON.parse(JSON.stringify(CORE_RULESET)) as RulesetKnobs;

describe('odds table', () => {
  it('R4.2 d6 vs d6: 15/36 each way and a 1/6 standoff', () => {
    const rows = oddsRows({ die: 'd6', lost: 0 }, { die: 'd6', lost: 0 }, core());
    expect(rows.map((r) => r.fraction)).toEqual(['5/12', '5/12', '1/6']);
    expect(rows.reduce((t, r) => t + r.value, 0)).toBeCloseTo(1, 12);
  });

  it('R4.3 clash.tie defender moves the tie to the defender', () => {
    const k = core();
    k.clash.tie = 'defender';
    const rows = oddsRows({ die: 'd6', lost: 0 }, { die: 'd6', lost: 0 }, k);
    expect(rows.map((r) => r.fraction)).toEqual(['5/12', '7/12', '0/1']);
  });

  it('R1.4 lost Health lowers the attacker odds, 2 per lost Health (d6: max 6, 4, 2, 1)', () => {
    const series = oddsByAttackerLoss('d6', { die: 'd6', lost: 0 }, core(), 3);
    expect(series.map((s) => s.lost)).toEqual([0, 1, 2, 3]);
    for (let i = 1; i < series.length; i++)
      expect(series[i]!.attackerWins).toBeLessThan(series[i - 1]!.attackerWins);
  });
});
