/**
 * Opening one battle of a simulation in Play (issues 5 and 11): replays the very battle the batch
 * played (same bots, run index and seed) in a worker, opens it at its start, and says which it is.
 * The setup form is left as it is (a replay never overwrites the setup's seed).
 */
import type { DocumentTexts } from '../../../shared/api';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { basisOf, changedSince } from './basis';
import { createBotClient } from './bot-client';
import type { BotClient } from './bot-client';
import type { PlayController } from './play-controller';
import { prepareBattle } from './setup-choice';
import type { SetupChoice } from './setup-choice';
import type { Basis } from './basis';
import type { TestRunStore } from './testrun-store';

/** The batch a battle comes from: its bots, seed, setup choice and basis. */
export interface BatchOrigin {
  bots: [string, string];
  seed: number;
  choice: SetupChoice;
  basis: Basis;
  /** "simulation", "comparison run 'core'"… */
  what: string;
}

/** What opening needs from the panel. */
export interface OpenContext {
  store: TestRunStore;
  play: PlayController;
  model: WorkspaceModel | null;
  diagnostics: readonly Diagnostic[];
  documents: DocumentTexts;
}

let bots: BotClient | null = null;

/** Opens run `battle.run` (battle seed `battle.seed`) of the batch in Play, at its start. */
export async function openBatchBattle(ctx: OpenContext, battle: { run: number; seed: number }, batch: BatchOrigin): Promise<void> {
  const { store } = ctx;
  const p = prepareBattle(ctx.model, ctx.diagnostics, batch.choice);
  if (!p.ok || ctx.model === null) {
    store.say('panel', p.ok ? 'No workspace is loaded.' : p.refusal.message);
    return;
  }
  store.say('panel', `Opening battle ${battle.run + 1} of the ${batch.what} (seed ${battle.seed})…`);
  bots ??= createBotClient();
  const decisions = await bots.simulated(p.setup, batch.bots, batch.seed, battle.run, battle.seed);
  if (!decisions.ok) {
    store.say('panel', decisions.error.message);
    return;
  }
  store.say('panel', null);
  const edited = changedSince(batch.basis, ctx.documents);
  const origin = `Battle ${battle.run + 1} of the ${batch.what} (seed ${battle.seed}), ${batch.bots.join(' vs ')}`;
  const r = ctx.play.open(
    {
      setup: p.setup,
      seed: battle.seed,
      decisions: decisions.value,
      choice: batch.choice,
      basis: basisOf(ctx.model, ctx.documents, [batch.choice]),
      origin,
      at: 'start',
    },
    `${origin}: opened at its start — press End or Run to end to see how it ends, or move through it and decide differently to play on from any point.${edited.length > 0 ? ` The ${batch.what} was computed before your last edit (${edited.join(', ')}); this is the battle on the current documents and may differ from the one counted.` : ''}`,
    'Battle before the opened one',
  );
  if (!r.ok) store.say('panel', r.error.message);
  else store.setKept((k) => ({ ...k, tab: 'play' }));
}
