/** Checks of crew history entries: the scenarios they name exist. */
import { didYouMean } from '../did-you-mean';
import type { CrossContext } from './context';
import { asArr, asObj, asStr } from './context';
import { idsOf } from './refs';

/** Checks that every `history[].scenario` of a crew's members names a scenario (a warning: history is a record). */
export function checkHistoryScenarios(ctx: CrossContext, data: Record<string, unknown>): void {
  asArr(data.members).forEach((m, i) => {
    const label = `member '${asStr(asObj(m).id) ?? `#${i + 1}`}'`;
    asArr(asObj(m).history).forEach((h, j) => {
      const s = asStr(asObj(h).scenario);
      if (s === null || ctx.has(`scenario:${s}`) || ctx.unusable.has(`scenario:${s}`)) return;
      ctx.report(['members', i, 'history', j, 'scenario'], 'warning', 'history-unknown-scenario', `${label}: history entry names scenario '${s}', which does not exist${didYouMean(s, idsOf(ctx, 'scenario')) || '; fix the id or remove the scenario from the entry'}`);
    });
  });
}
