/**
 * Loads the language features on first use (their parser is the validator's, which the page's
 * thread does not load at start-up: validation runs in a Web Worker).
 */
import type * as LanguageServiceModule from './language-service';
import type { WorkspaceStore } from './workspace-store';

/** The language module, as loaded. */
export type LanguageModule = typeof LanguageServiceModule;

let loading: Promise<LanguageModule> | null = null;

/** The language module (loaded once). */
export function loadLanguageModule(): Promise<LanguageModule> {
  loading ??= import('./language-service');
  return loading;
}

/** The language module and the index over the store's current texts. */
export async function languageNow(store: WorkspaceStore) {
  const m = await loadLanguageModule();
  return { m, index: m.languageOf(store).current() };
}
