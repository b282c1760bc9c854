/**
 * Which explorer groups (document kinds) are closed, kept per workspace in this window's
 * localStorage, so a reload or the next start shows the explorer as the user left it.
 */

/** The localStorage key of a workspace's closed explorer groups. */
export const collapsedKey = (root: string): string => `mortisphere.explorerCollapsed:${root}`;

/** The part of `Storage` used here. */
export type CollapsedStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The closed groups remembered for `root`: an empty set when there is no entry, and when the entry
 * is not a JSON list of kinds (a hand-edited or older value is ignored, never an error).
 */
export function readCollapsed(storage: CollapsedStorage | undefined, root: string): ReadonlySet<string> {
  try {
    const value: unknown = JSON.parse(storage?.getItem(collapsedKey(root)) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Remembers the closed groups of `root` (sorted; none removes the entry's content, not the key). */
export function writeCollapsed(storage: CollapsedStorage | undefined, root: string, collapsed: ReadonlySet<string>): void {
  try {
    storage?.setItem(collapsedKey(root), JSON.stringify([...collapsed].sort()));
  } catch {
    // A full or blocked storage only loses the remembered groups.
  }
}
