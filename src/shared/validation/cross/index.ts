import type { CrossContext } from './context';
import { checkCrew } from './crew';
import { checkCampaign } from './campaign';
import { checkCrewType, checkLibrary, checkRuleset, checkWorkspace } from './other';
import { checkScenario } from './scenario';

export { CrossContext } from './context';
export type { DefKey, RefKind } from './context';

/** Runs the cross-document checks of one loaded document into `ctx` (diagnostics and deps). */
export function crossCheck(ctx: CrossContext): void {
  const { kind, data } = ctx.doc;
  if (!data || !kind) return;
  switch (kind) {
    case 'crew':
      return checkCrew(ctx, data);
    case 'scenario':
      return checkScenario(ctx, data);
    case 'crewType':
      return checkCrewType(ctx, data);
    case 'abilities':
    case 'equipment':
      return checkLibrary(ctx, data, kind);
    case 'ruleset':
      return checkRuleset(ctx, data);
    case 'campaign':
      return checkCampaign(ctx, data);
    case 'workspace':
      return checkWorkspace(ctx, data);
  }
}
