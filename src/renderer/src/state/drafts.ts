import type { Api } from '../../../shared/api';
import { KeyedDebounce } from './debounce';
import type { TabState } from './store-types';

/**
 * Unsaved tab texts kept on the server as drafts, so that a reload or a crash loses no edit.
 * A dirty tab's draft is written after `delay` ms of quiet (the latest text wins); once the tab is
 * clean again (saved, reverted, reloaded) its draft is cleared. Which paths have a draft on the
 * server is known in {@link drafted}: a clean tab without one costs no request.
 */
export class DraftKeeper {
  /** Paths with a draft saved on the server. */
  readonly drafted = new Set<string>();
  private readonly later: KeyedDebounce;

  /** `tabOf` gives a path's open tab (its text, base hash and dirtiness) at the time the draft is written. */
  constructor(
    private readonly api: Api,
    private readonly tabOf: (path: string) => TabState | undefined,
    delay: number,
  ) {
    this.later = new KeyedDebounce(delay);
  }

  /** Writes (debounced) or clears the draft of a path according to its tab's dirtiness. */
  schedule(path: string): void {
    this.later.schedule(path, () => void this.sync(path));
  }

  /** Whether a draft write or clear of `path` is waiting for its debounce. */
  pending(path: string): boolean {
    return this.later.pending(path);
  }

  /** Runs every waiting draft write now (page hide, unload, opening another workspace). */
  flush(): void {
    this.later.flush();
  }

  /** Drops a waiting draft write of a path (the text is about to be saved or dropped). */
  cancel(path: string): void {
    this.later.cancel(path);
  }

  /** Forgets a path's draft: the waiting write dropped and the server's draft cleared (a tab closed without saving). */
  discard(path: string): void {
    this.later.cancel(path);
    if (this.drafted.delete(path)) void this.api.clearDraft(path);
  }

  /** Writes the tab's text as its draft when the tab is dirty, else clears a draft the server holds. */
  private async sync(path: string): Promise<void> {
    const tab = this.tabOf(path);
    if (tab && tab.dirty) {
      const r = await this.api.saveDraft(path, tab.text, tab.baseHash);
      if (r.ok) this.drafted.add(path);
      // Saved or closed while the draft was on its way: do not leave it behind.
      if (r.ok && !this.tabOf(path)?.dirty && !this.later.pending(path)) this.schedule(path);
    } else if (this.drafted.delete(path)) {
      await this.api.clearDraft(path);
    }
  }
}
