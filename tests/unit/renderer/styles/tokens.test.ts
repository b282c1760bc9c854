import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartPalette, contrastRatio } from '../../../../src/renderer/src/testrun/chart-palette';

const CSS = readFileSync(join(__dirname, '../../../../src/renderer/src/styles/tokens.css'), 'utf8');

/** The custom properties of the first rule whose selector is `selector`. */
function tokensOf(selector: string): Record<string, string> {
  const start = CSS.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule '${selector}' in tokens.css`);
  const body = CSS.slice(start, CSS.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

const THEMES = { light: tokensOf(':root'), dark: tokensOf(":root[data-theme='dark']") } as const;
const ROLES = [
  '--color-surface',
  '--color-raised',
  '--color-border',
  '--color-text',
  '--color-muted',
  '--color-accent',
  '--color-danger',
  '--color-warning',
  '--color-success',
  '--color-side-a',
  '--color-side-a-muted',
  '--color-side-a-contrast',
  '--color-side-b',
  '--color-side-b-muted',
  '--color-side-b-contrast',
  '--focus-ring',
];
const TEXT = ['--color-text', '--color-muted', '--color-accent', '--color-danger', '--color-warning', '--color-success', '--color-side-a', '--color-side-b'];
const BACKGROUNDS = ['--color-surface', '--color-raised', '--color-side-a-muted', '--color-side-b-muted'];

describe('design tokens (issue 17)', () => {
  for (const [theme, t] of Object.entries(THEMES)) {
    it(`${theme}: every colour role is defined`, () => {
      expect(Object.keys(t).sort()).toEqual([...ROLES].sort());
    });

    it(`${theme}: text roles keep 4.5:1 against every background role`, () => {
      for (const fg of TEXT)
        for (const bg of BACKGROUNDS) expect(contrastRatio(t[fg]!, t[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      for (const side of ['a', 'b'])
        expect(contrastRatio(t[`--color-side-${side}-contrast`]!, t[`--color-side-${side}`]!)).toBeGreaterThanOrEqual(4.5);
    });

    it(`${theme}: danger (a contested Area, Last Stand) does not look like either side's colour`, () => {
      const rgb = (hex: string): number[] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const distance = (a: string, b: string): number => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]!));
      for (const side of ['--color-side-a', '--color-side-b'])
        expect(distance(t['--color-danger']!, t[side]!), `--color-danger vs ${side}`).toBeGreaterThanOrEqual(55);
    });

    it(`${theme}: the charts' side colours are the side tokens (one colour per side everywhere)`, () => {
      const palette = chartPalette(theme as 'light' | 'dark');
      expect(palette.sides).toEqual([t['--color-side-a'], t['--color-side-b']]);
      expect(palette.background).toBe(t['--color-surface']);
    });
  }
});
