import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './serve-fixture';

/** Both colour schemes the app follows (the theme tracks `prefers-color-scheme`). */
export const THEMES = ['light', 'dark'] as const;

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules plus best practices) on the page as it is and fails
 * with a readable list of every violation: rule, impact, help text and the offending nodes.
 * Monaco's own editor surface is excluded only for rules it cannot meet by design (its hidden
 * textarea and view lines); everything around it is checked. `within` (a CSS selector) limits the
 * check to one part of the page, e.g. one view.
 */
export async function expectNoA11yViolations(page: Page, what: string, within?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (within) builder = builder.include(within);
  const results = await builder.exclude('.monaco-editor .view-lines').exclude('.monaco-editor .inputarea').analyze();
  const lines = results.violations.flatMap((v) => [
    `${v.id} (${v.impact ?? 'n/a'}): ${v.help}`,
    ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ') ?? ''}`),
  ]);
  expect(lines, `axe-core violations in ${what}`).toEqual([]);
}

/** Switches the emulated colour scheme and waits until the app has applied it. */
export async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}
