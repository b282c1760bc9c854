/**
 * Chart colours per theme (issue 11, item 4): one colour per side, grey for draws; axis text,
 * grid lines and error bars at least 4.5:1 against the page background (#ffffff / #1e1e1e), bars
 * at least 3:1. tests/unit checks the ratios.
 */
import type { Theme } from '../theme';

/** The colours a chart uses. */
export interface ChartPalette {
  sides: [string, string];
  draw: string;
  axis: string;
  grid: string;
  errorBar: string;
  /** Tooltip background. */
  surface: string;
  /** Hover band behind the bars. */
  cursor: string;
  /** The page background the ratios are computed against. */
  background: string;
}

const LIGHT: ChartPalette = {
  sides: ['#1f5fa8', '#b3431b'],
  draw: '#737373',
  axis: '#333333',
  grid: '#757575',
  errorBar: '#111111',
  surface: '#ffffff',
  cursor: 'rgba(0, 0, 0, 0.06)',
  background: '#ffffff',
};

const DARK: ChartPalette = {
  sides: ['#6cb6ff', '#ff9b6b'],
  draw: '#b3b3b3',
  axis: '#d4d4d4',
  grid: '#8c8c8c',
  errorBar: '#f2f2f2',
  surface: '#252526',
  cursor: 'rgba(255, 255, 255, 0.08)',
  background: '#1e1e1e',
};

/** The palette of a theme. */
export const chartPalette = (theme: Theme): ChartPalette => (theme === 'dark' ? DARK : LIGHT);

const channel = (c: number): number => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const lum = (hex: string): number => {
    const n = parseInt(hex.slice(1), 16);
    return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
