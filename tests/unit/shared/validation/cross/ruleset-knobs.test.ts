import { describe, expect, it } from 'vitest';
import { validateFiles } from '../../../../../src/shared/validation';

const warnings = (files: Record<string, string>) =>
  validateFiles(Object.entries(files).map(([path, text]) => ({ path, text })))
    .diagnostics.filter((d) => d.code === 'knob-unused')
    .map((d) => `${d.file}:${d.line} ${d.message}`);
const ruleset = (id: string, body: string) => `kind: ruleset\nschemaVersion: 1\nid: ${id}\n${body}`;

describe('R12 phased.longerWeaponFirst only acts in phased rounds', () => {
  it('R12 the knob without turnStructure: phased is a warning at the knob', () => {
    expect(warnings({ 'r.yaml': ruleset('reach', 'phased: {longerWeaponFirst: true}\n') })).toEqual([
      "r.yaml:4 ruleset 'reach': 'phased.longerWeaponFirst' does nothing unless 'turnStructure' is 'phased' (it is 'alternating'); set 'turnStructure: phased' or remove the knob",
    ]);
  });

  it('R12 with phased rounds, its own or inherited through extends, there is nothing to say', () => {
    expect(warnings({ 'r.yaml': ruleset('reach', 'turnStructure: phased\nphased: {longerWeaponFirst: true}\n') })).toEqual([]);
    expect(
      warnings({
        'base.yaml': ruleset('base', 'turnStructure: phased\n'),
        'r.yaml': ruleset('reach', 'extends: base\nphased: {longerWeaponFirst: true}\n'),
      }),
    ).toEqual([]);
    expect(warnings({ 'r.yaml': ruleset('reach', 'phased: {longerWeaponFirst: false}\n') })).toEqual([]);
  });

  it('R12 an alternating ruleset between it and a phased one decides', () => {
    const files = {
      'base.yaml': ruleset('base', 'turnStructure: phased\n'),
      'mid.yaml': ruleset('mid', 'extends: base\nturnStructure: alternating\n'),
      'r.yaml': ruleset('reach', 'extends: mid\nphased: {longerWeaponFirst: true}\n'),
    };
    expect(warnings(files)).toHaveLength(1);
  });
});
