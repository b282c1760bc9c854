import { describe, expect, it } from 'vitest';
import { handleShortcut, windowKeys } from '../../../../src/renderer/src/commands/use-shortcuts';
import type { AppCommand } from '../../../../src/renderer/src/commands/app-commands';

const key = (k: string, ctrl = false) => {
  const e = { key: k, code: `Key${k.toUpperCase()}`, repeat: false, ctrlKey: ctrl, metaKey: false, altKey: false, shiftKey: false, prevented: false, preventDefault() { e.prevented = true; }, stopPropagation() {} };
  return e;
};

describe('window shortcuts', () => {
  it('Ctrl+S right after a keystroke saves it: pending editor text is flushed before the command asks whether it is enabled', () => {
    const log: string[] = [];
    let dirty = false; // the tab becomes dirty only when the editor's pending text reaches the store
    const commands = {
      'file.save': { run: () => log.push('save'), enabled: () => (log.push(`enabled? ${dirty}`), dirty) } as unknown as AppCommand,
    };
    const e = key('s', true);
    const taken = handleShortcut(e, windowKeys(), commands, () => false, () => {
      log.push('flush');
      dirty = true;
    });
    expect(taken).toBe(true);
    expect(e.prevented).toBe(true);
    expect(log).toEqual(['flush', 'enabled? true', 'save']);
  });

  it('a key bound to nothing is left alone (no flush, not prevented)', () => {
    const log: string[] = [];
    const e = key('q');
    expect(handleShortcut(e, windowKeys(), {}, () => false, () => log.push('flush'))).toBe(false);
    expect(e.prevented).toBe(false);
    expect(log).toEqual([]);
  });
});
