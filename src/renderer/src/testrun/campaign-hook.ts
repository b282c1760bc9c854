/**
 * The Test run side of the Campaign ⇄ Play link (issue 10): a battle the Campaign view asks for
 * opens in Play (a fresh battle runs its bots up to the first "me" decision; a recorded battle
 * opens at its start, as every replay does), and a finished battle of that campaign is offered
 * back as "Record in campaign". A replay is never recordable, nor a battle other than the one
 * the campaign planned.
 */
import { useEffect } from 'react';
import type { DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import type { CampaignPlay, PlayedForCampaign } from '../campaign/campaign-bridge';
import { basisOf } from './basis';
import type { PlayController } from './play-controller';
import type { PlaySession } from './play-session';
import { prepareBattle } from './setup-choice';
import type { SetupChoice } from './setup-choice';
import type { TestRunStore } from './testrun-store';

/** What the hook needs from the panel. */
export interface CampaignHookContext {
  store: TestRunStore;
  play: PlayController;
  model: WorkspaceModel | null;
  diagnostics: readonly Diagnostic[];
  documents: DocumentTexts;
  setChoice: (c: SetupChoice) => void;
}

// The last request each store opened: the panel remounts on every switch to Test run, and a
// request must open once, not again at each remount (that would replace the battle in play).
const handled = new WeakMap<TestRunStore, number>();

/** True when `s` is the battle the campaign asked for (same scenario and crews), not a replay. */
export function recordableFor(request: CampaignPlay | null, s: PlaySession): boolean {
  return (
    request !== null &&
    !request.replay &&
    s.setup.scenarioId === request.choice.scenario &&
    s.setup.sides[0].crewId === request.choice.crews[0] &&
    s.setup.sides[1].crewId === request.choice.crews[1]
  );
}

/** Opens each requested battle once (per `key`); returns Play's "Record in campaign" action, if any. */
export function useCampaignHook(
  ctx: CampaignHookContext,
  request: CampaignPlay | null,
  onRecord: ((played: PlayedForCampaign) => void) | undefined,
): ((s: PlaySession) => void) | undefined {
  const key = request?.key;
  useEffect(() => {
    if (!request || handled.get(ctx.store) === request.key) return;
    const { store, play, model, diagnostics, documents } = ctx;
    handled.set(store, request.key);
    ctx.setChoice(request.choice);
    store.setKept((k) => ({ ...k, tab: 'play' }));
    if (model === null) return store.say('panel', 'No workspace is loaded.');
    let setup = request.opened?.setup;
    if (!setup) {
      const p = prepareBattle(model, diagnostics, request.choice);
      if (!p.ok) return store.say('panel', p.refusal.message);
      setup = p.setup;
    }
    const seed = request.opened?.seed ?? request.choice.seed;
    const note = request.opened?.note ?? `Campaign battle: ${setup.scenarioName}, seed ${seed}.`;
    const r = play.open(
      {
        setup,
        seed,
        decisions: request.opened?.decisions ?? [],
        choice: request.choice,
        basis: basisOf(model, documents, [request.choice]),
        origin: request.replay ? `Recorded campaign battle (seed ${seed})` : `Campaign battle (seed ${seed})`,
        at: request.replay ? 'start' : 'end',
      },
      note,
      'Battle before the campaign battle',
    );
    if (!r.ok) store.say('panel', r.error.message);
    // Only when the Campaign view asks for another battle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!request || request.replay || !onRecord) return undefined;
  return (s: PlaySession): void => {
    if (!recordableFor(request, s)) {
      ctx.store.say(
        'panel',
        `This battle is not the campaign's planned battle (${request.choice.scenario}: ${request.choice.crews.join(' against ')}); it cannot be recorded in the campaign.`,
      );
      return;
    }
    onRecord({
      campaignPath: request.campaignPath,
      campaignId: request.campaignId,
      setup: s.setup,
      state: s.state,
      events: s.events,
      decisions: s.decisions,
      seed: s.seed,
      players: ctx.store.getState().kept.choice?.players ?? request.choice.players,
    });
  };
}
