import { useEffect, useRef } from 'react';
import type { AppCommand } from './app-commands';
import { chordsOf, KEYMAP, matchesChord } from './keymap';

/** Commands whose keys belong to the YAML editor (handled there, as Monaco actions). */
const EDITOR_ONLY = new Set(['editor.rename', 'editor.definition', 'editor.references', 'editor.quickFix', 'editor.hover', 'editor.tabFocus', 'edit.undo', 'edit.redo', 'tab.close']);

/** A keymap chord bound to a command. */
export interface BoundKey {
  id: string;
  chord: string;
}

/** The single-chord shortcuts of the keymap that the window handles (not the editor's own). */
export const windowKeys = (): BoundKey[] =>
  KEYMAP.filter((k) => !k.keyOnly && !EDITOR_ONLY.has(k.id)).flatMap((k) => chordsOf(k.keys).map((chord) => ({ id: k.id, chord })));

/**
 * Handles one keydown: runs the command its chord is bound to, if enabled. `flush` runs first, so
 * that text typed in the frame before the key (the editor reports it after the frame) counts:
 * Ctrl+S right after a keystroke saves it instead of finding the tab "not dirty yet".
 * Returns whether the key was taken.
 */
export function handleShortcut(
  e: Pick<KeyboardEvent, 'key' | 'code' | 'repeat' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'preventDefault' | 'stopPropagation'>,
  bound: readonly BoundKey[],
  commands: Record<string, AppCommand>,
  sheetShown: () => boolean,
  flush: () => void,
): boolean {
  if (e.repeat && e.key !== 'F1') return false;
  const hit = bound.find((b) => matchesChord(b.chord, e));
  if (!hit) return false;
  if (hit.id === 'go.quickOpen' && sheetShown()) return false;
  const command = commands[hit.id];
  if (!command) return false;
  e.preventDefault();
  e.stopPropagation();
  flush();
  if (command.enabled()) command.run();
  return true;
}

/**
 * The window's keyboard shortcuts (capture phase, so they work from any control): every keymap
 * entry with a single-chord shortcut runs its command. Editor keys stay with the editor; Ctrl+P
 * is left to the print Sheet view while a sheet shows (`sheetShown`). `flush` hands pending
 * editor text to the store before a command looks at it.
 */
export function useShortcuts(commands: Record<string, AppCommand>, sheetShown: () => boolean, flush: () => void = () => {}): void {
  const current = useRef(commands);
  current.current = commands;
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => {
    const bound = windowKeys();
    const onKey = (e: KeyboardEvent): void => void handleShortcut(e, bound, current.current, sheetShown, () => flushRef.current());
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [sheetShown]);
}
