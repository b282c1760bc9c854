/**
 * The link between the Campaign view and Test run → Play (issue 10): the Campaign view asks for a
 * battle to be played (or a recorded one replayed); Play, once the battle is over, hands it back
 * to be recorded. The App listens to switch views. Plain observable state, no React.
 */
import type { Action, BattleEvent, BattleSetup, BattleState } from '../../../shared/engine';
import type { SetupChoice } from '../testrun/setup-choice';

/** A battle Play should open for a campaign. */
export interface CampaignPlay {
  /** Increases with every request, so the same battle can be asked for twice. */
  key: number;
  /** Path of the campaign file that asked. */
  campaignPath: string;
  campaignId: string;
  choice: SetupChoice;
  /** A prepared battle (bots' decisions, or a replay) to open as it is; null: Play starts it fresh. */
  opened: { setup: BattleSetup; seed: number; decisions: Action[]; note: string } | null;
  /** True for a replay of a recorded battle (it cannot be recorded again). */
  replay: boolean;
}

/** A finished battle handed back from Play. */
export interface PlayedForCampaign {
  campaignPath: string;
  campaignId: string;
  setup: BattleSetup;
  state: BattleState;
  events: BattleEvent[];
  decisions: Action[];
  seed: number;
  players: SetupChoice['players'];
}

/** The bridge's state. */
export interface BridgeState {
  play: CampaignPlay | null;
  /** A battle waiting in the Campaign view's record dialog. */
  toRecord: PlayedForCampaign | null;
}

/** One bridge per window. */
export class CampaignBridge {
  private state: BridgeState = { play: null, toRecord: null };
  private listeners = new Set<() => void>();
  private key = 0;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  getState = (): BridgeState => this.state;

  private set(patch: Partial<BridgeState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of [...this.listeners]) fn();
  }

  /** Asks Play to open a battle for a campaign. */
  requestPlay(p: Omit<CampaignPlay, 'key'>): void {
    this.set({ play: { ...p, key: ++this.key } });
  }

  /** Play hands back a finished battle of the campaign it was opened for. */
  recordPlayed(b: PlayedForCampaign): void {
    this.set({ toRecord: b });
  }

  /** The record dialog took (or dropped) the battle. */
  clearRecord(): void {
    this.set({ toRecord: null });
  }

  /** The battle was recorded: Play no longer offers it (so it cannot be recorded twice). */
  recorded(): void {
    this.set({ toRecord: null, play: null });
  }
}

/** The bridge of this window. */
export const campaignBridge = new CampaignBridge();
