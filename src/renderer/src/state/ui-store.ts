/**
 * The shell's own state (issue 14), outside React so the Monaco providers and commands can use
 * it: which main view and bottom-panel tab show, the overlays (palette, Quick Open, rename),
 * the last references and search results, the Welcome tab and "Tab moves focus".
 */
import { useSyncExternalStore } from 'react';
import type { Place } from '../../../shared/language/navigation';
import type { SymbolRef } from '../../../shared/language/symbols';
import type { WorkspaceStore } from './workspace-store';

/** The bottom panel's tabs. */
export type PanelTab = 'problems' | 'search' | 'references';

/** A rename asked for: of `symbol`, typed or proposed `newId`, and where it came from. */
export interface RenameRequest {
  symbol: SymbolRef;
  /** Proposed new id (the form's new value), or the old one to edit (F2). */
  newId: string;
  /** 'form': the form changed an id field; "Change only this id" then applies `fallback`. */
  origin: 'editor' | 'form';
  /** What to apply when the user declines the rename (the form's plain edit). */
  fallback?: () => void;
}

/** An overlay on the window. */
export type Overlay =
  | { kind: 'palette' }
  | { kind: 'quickOpen' }
  | { kind: 'rename'; request: RenameRequest };

/** The shell's state snapshot. */
export interface UiState {
  view: 'editor' | 'testrun';
  panel: PanelTab;
  /** Requests to show (true) or hide (false) the explorer and bottom panel; the layout follows. */
  explorerOpen: boolean;
  panelOpen: boolean;
  /** Request to show (true) or hide (false) the inspector beside the editor; the layout follows. */
  inspectorOpen: boolean;
  overlay: Overlay | null;
  references: { title: string; symbol: SymbolRef; places: (Place & { role: 'definition' | 'reference' })[] } | null;
  /** The Welcome tab is open (shown when no document tab is active). */
  welcome: boolean;
  /** Monaco's "Tab moves focus" mode is on. */
  tabFocus: boolean;
  /** Bumped to move focus to the search field. */
  searchFocus: number;
  /** Bumped to open the New document menu (Alt+N, the palette). */
  newDocument: number;
  /** Bumped to open the Recent workspaces menu (the palette). */
  recentMenu: number;
  /** The History dialog's document, when open. */
  historyOf: string | null;
}

/** A small external store of the shell's state. */
export class UiStore {
  private state: UiState = {
    view: 'editor',
    panel: 'problems',
    explorerOpen: true,
    panelOpen: true,
    inspectorOpen: true,
    overlay: null,
    references: null,
    welcome: false,
    tabFocus: false,
    searchFocus: 0,
    newDocument: 0,
    recentMenu: 0,
    historyOf: null,
  };
  private listeners = new Set<() => void>();

  /** Subscribes to changes (useSyncExternalStore). */
  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  /** The current snapshot. */
  getState = (): UiState => this.state;

  /** Replaces part of the state and notifies. */
  set(patch: Partial<UiState>): void {
    this.state = { ...this.state, ...patch };
    for (const fn of [...this.listeners]) fn();
  }

  /** Shows a bottom-panel tab (opening the panel). */
  showPanel(panel: PanelTab): void {
    this.set({ panel, panelOpen: true });
  }

  /** Opens an overlay (replacing any other). */
  open(overlay: Overlay): void {
    this.set({ overlay });
  }

  /** Closes the overlay. */
  close(): void {
    if (this.state.overlay) this.set({ overlay: null });
  }
}

const stores = new WeakMap<WorkspaceStore, UiStore>();

/** The shell state of a window (one per workspace store). */
export function uiStoreOf(store: WorkspaceStore): UiStore {
  let s = stores.get(store);
  if (!s) stores.set(store, (s = new UiStore()));
  return s;
}

/** The shell state in a component. */
export function useUi(ui: UiStore): UiState {
  return useSyncExternalStore(ui.subscribe, ui.getState, ui.getState);
}
