import { useEffect, useRef } from 'react';
import type { AppCommand } from './app-commands';
import { chordsOf, KEYMAP, matchesChord } from './keymap';

/** Commands whose keys belong to the YAML editor (handled there, as Monaco actions). */
const EDITOR_ONLY = new Set(['editor.rename', 'editor.definition', 'editor.references', 'editor.quickFix', 'editor.hover', 'editor.tabFocus', 'edit.undo', 'edit.redo', 'tab.close']);

/**
 * The window's keyboard shortcuts (capture phase, so they work from any control): every keymap
 * entry with a single-chord shortcut runs its command. Editor keys stay with the editor; Ctrl+P
 * is left to the print Sheet view while a sheet shows (`sheetShown`).
 */
export function useShortcuts(commands: Record<string, AppCommand>, sheetShown: () => boolean): void {
  const current = useRef(commands);
  current.current = commands;
  useEffect(() => {
    const bound = KEYMAP.filter((k) => !k.keyOnly && !EDITOR_ONLY.has(k.id)).flatMap((k) => chordsOf(k.keys).map((chord) => ({ id: k.id, chord })));
    const onKey = (e: KeyboardEvent): void => {
      if (e.repeat && e.key !== 'F1') return;
      const hit = bound.find((b) => matchesChord(b.chord, e));
      if (!hit) return;
      if (hit.id === 'go.quickOpen' && sheetShown()) return;
      const command = current.current[hit.id];
      if (!command) return;
      e.preventDefault();
      e.stopPropagation();
      if (command.enabled()) command.run();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [sheetShown]);
}
