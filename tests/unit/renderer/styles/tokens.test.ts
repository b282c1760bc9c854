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
  '--color-banner',
  '--color-selected',
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `--color-series-${n}`),
  '--color-on-accent',
  '--color-on-danger',
  '--focus-ring',
];
const TEXT = ['--color-text', '--color-muted', '--color-accent', '--color-danger', '--color-warning', '--color-success', '--color-side-a', '--color-side-b'];
const BACKGROUNDS = ['--color-surface', '--color-raised', '--color-side-a-muted', '--color-side-b-muted'];

/** Every `var(--name)` a stylesheet uses. */
const usedVars = (css: string): string[] => [...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!);
const SRC = join(__dirname, '../../../../src/renderer/src');
const STYLESHEETS = ['styles.css', 'testrun/testrun.css', 'testrun/board.css', 'testrun/declare.css', 'campaign/campaign.css', 'forms/forms.css', 'components/sheet-view.css'];

describe('design tokens (issue 17)', () => {
  it('one place: the old names (--bg, --fg, --error…) are aliases of the roles, defined only in tokens.css', () => {
    const aliases = Object.fromEntries([...CSS.matchAll(/(--(?:bg|bg-alt|fg|muted|border|accent|error|warning|banner|selected)):\s*var\((--[\w-]+)\)/g)].map((m) => [m[1]!, m[2]!]));
    expect(aliases).toEqual({
      '--bg': '--color-surface',
      '--bg-alt': '--color-raised',
      '--fg': '--color-text',
      '--muted': '--color-muted',
      '--border': '--color-border',
      '--accent': '--color-accent',
      '--error': '--color-danger',
      '--warning': '--color-warning',
      '--banner': '--color-banner',
      '--selected': '--color-selected',
    });
    for (const file of STYLESHEETS) expect(readFileSync(join(SRC, file), 'utf8'), file).not.toMatch(/^\s*--(?:bg|fg|color-[\w-]+)\s*:/m);
  });

  it('the feature stylesheets use roles, never raw colours (the printed sheet stays black on white)', () => {
    for (const file of STYLESHEETS.filter((f) => f !== 'styles.css' && f !== 'components/sheet-view.css')) {
      const css = readFileSync(join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      expect(css, file).not.toMatch(/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(/i);
    }
  });

  it('every custom property a stylesheet uses is defined (no typo falls back silently)', () => {
    // --trigger-width is set inline by react-aria-components on a Select's popover.
    const defined = new Set(['--trigger-width', ...[...CSS.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!)]);
    for (const file of STYLESHEETS) {
      const css = readFileSync(join(SRC, file), 'utf8');
      for (const m of css.matchAll(/(--[\w-]+)\s*:/g)) defined.add(m[1]!);
    }
    for (const file of STYLESHEETS) for (const name of usedVars(readFileSync(join(SRC, file), 'utf8'))) expect(defined.has(name), `${file}: ${name}`).toBe(true);
  });

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

    it(`${theme}: body text and muted text keep 4.5:1 on a banner and a selected row`, () => {
      for (const fg of ['--color-text', '--color-muted'])
        for (const bg of ['--color-banner', '--color-selected']) expect(contrastRatio(t[fg]!, t[bg]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t['--color-on-accent']!, t['--color-accent']!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(t['--color-on-danger']!, t['--color-danger']!)).toBeGreaterThanOrEqual(4.5);
    });

    it(`${theme}: chart series and the focus ring stand out 3:1 from the surface (non-text contrast)`, () => {
      for (let n = 1; n <= 8; n++) expect(contrastRatio(t[`--color-series-${n}`]!, t['--color-surface']!), `series ${n}`).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(t['--focus-ring']!, t['--color-surface']!)).toBeGreaterThanOrEqual(3);
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
