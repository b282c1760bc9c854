/**
 * Every command of the app and every keyboard shortcut, in one table (issue 14): the command
 * palette lists the commands with their shortcuts, the welcome page lists the shortcuts, and
 * the global key handler matches them. "Ctrl" means Ctrl, or Cmd on a Mac.
 */

/** Where a command is grouped in the palette and the shortcut list. */
export type CommandGroup = 'File' | 'Edit' | 'Go' | 'View' | 'YAML editor' | 'Help';

/** One entry of the keymap. */
export interface KeymapEntry {
  id: string;
  title: string;
  group: CommandGroup;
  /** The shortcut as shown, e.g. 'Ctrl+Shift+F'; several are separated by ' or '. */
  keys?: string;
  /** Where the shortcut works, when not everywhere. */
  where?: string;
  /** True for entries that describe a key, not a command the palette can run. */
  keyOnly?: boolean;
}

/** The keymap, in the order the palette and the shortcut list show it. */
export const KEYMAP: readonly KeymapEntry[] = [
  { id: 'file.save', title: 'Save', group: 'File', keys: 'Ctrl+S' },
  { id: 'file.saveAll', title: 'Save All', group: 'File', keys: 'Ctrl+Shift+S' },
  { id: 'file.new', title: 'New document…', group: 'File', keys: 'Alt+N' },
  { id: 'file.history', title: 'History of this document…', group: 'File' },
  { id: 'file.openWorkspace', title: 'Open a recent workspace…', group: 'File' },
  { id: 'edit.undo', title: 'Undo', group: 'Edit', keys: 'Ctrl+Z' },
  { id: 'edit.redo', title: 'Redo', group: 'Edit', keys: 'Ctrl+Shift+Z or Ctrl+Y' },
  { id: 'go.quickOpen', title: 'Quick Open (documents, ids, paths)', group: 'Go', keys: 'Ctrl+P', where: 'everywhere except the Sheet view' },
  { id: 'sheet.print', title: 'Print the sheet', group: 'File', keys: 'Ctrl+P', where: 'in the Sheet view of a crew or scenario', keyOnly: true },
  { id: 'go.search', title: 'Search in the workspace', group: 'Go', keys: 'Ctrl+Shift+F' },
  { id: 'go.palette', title: 'Command palette', group: 'Go', keys: 'Ctrl+Shift+P or F1' },
  { id: 'editor.rename', title: 'Rename this id everywhere', group: 'YAML editor', keys: 'F2' },
  { id: 'editor.definition', title: 'Go to definition', group: 'YAML editor', keys: 'F12 or Ctrl+click' },
  { id: 'editor.references', title: 'Find all references', group: 'YAML editor', keys: 'Shift+F12' },
  { id: 'editor.quickFix', title: 'Quick fix', group: 'YAML editor', keys: 'Ctrl+.' },
  { id: 'editor.hover', title: 'Show what the id names (hover)', group: 'YAML editor', keys: 'Ctrl+K Ctrl+I' },
  { id: 'editor.tabFocus', title: 'Toggle “Tab moves focus”', group: 'YAML editor', keys: 'Ctrl+M' },
  { id: 'editor.leave', title: 'Leave the YAML editor', group: 'YAML editor', keys: 'Escape, then Tab (Shift+Tab backwards)', keyOnly: true },
  { id: 'view.explorer', title: 'Show or hide the explorer', group: 'View', keys: 'Ctrl+B' },
  { id: 'view.panel', title: 'Show or hide the Problems panel', group: 'View', keys: 'Ctrl+J' },
  { id: 'view.problems', title: 'Show Problems', group: 'View', keys: 'Ctrl+Shift+M' },
  { id: 'view.editor', title: 'Show the Editor', group: 'View' },
  { id: 'view.testrun', title: 'Show the Test run', group: 'View' },
  { id: 'view.yaml', title: 'Show this document as YAML', group: 'View' },
  { id: 'view.form', title: 'Show this document as a Form', group: 'View' },
  { id: 'tab.close', title: 'Close this document', group: 'File', keys: 'Delete', where: 'on a document tab' },
  { id: 'tree.keys', title: 'Move in the explorer; open or close a group', group: 'View', keys: 'Arrow keys, Home, End; Shift+F10 for the context menu', where: 'in the explorer', keyOnly: true },
  { id: 'map.keys', title: 'Move a selected Area on the map; delete a selected Area or link', group: 'View', keys: 'Arrow keys; Delete', where: 'in the scenario map', keyOnly: true },
  { id: 'help.welcome', title: 'Welcome, rules reference and shortcuts', group: 'Help' },
];

/** A shortcut's parts: modifiers and key. */
interface Chord {
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

function parseChord(text: string): Chord | null {
  const parts = text.trim().split('+');
  const key = parts.pop()?.toLowerCase();
  if (!key) return null;
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return { ctrl: mods.has('ctrl'), shift: mods.has('shift'), alt: mods.has('alt'), key };
}

/** The single-chord shortcuts of an entry ("Ctrl+Shift+P or F1" gives two). */
export function chordsOf(keys: string | undefined): string[] {
  if (!keys) return [];
  return keys.split(' or ').map((k) => k.trim()).filter((k) => /^((Ctrl|Shift|Alt)\+)*[^\s+]+$/.test(k) && !/click/i.test(k));
}

/** Whether a keyboard event is the shortcut `chord` (e.g. 'Ctrl+Shift+F'); Ctrl matches Cmd too. */
export function matchesChord(chord: string, e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'code'>): boolean {
  const c = parseChord(chord);
  if (!c) return false;
  if (c.ctrl !== (e.ctrlKey || e.metaKey) || c.shift !== e.shiftKey || c.alt !== e.altKey) return false;
  const key = e.key.toLowerCase();
  // With Alt (or Shift on some layouts) `key` is the produced character; `code` names the key.
  const code = e.code.replace(/^Key/, '').replace(/^Digit/, '').toLowerCase();
  return key === c.key || code === c.key || (c.key === '.' && code === 'period');
}

/** The keymap entry of an id (a programmer error when missing). */
export function keymapEntry(id: string): KeymapEntry {
  const e = KEYMAP.find((k) => k.id === id);
  if (!e) throw new Error(`no keymap entry '${id}'`);
  return e;
}
