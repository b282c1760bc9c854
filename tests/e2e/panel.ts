import type { Locator, Page } from '@playwright/test';

/** The Problems tab of the bottom panel (its name carries the counts: "Problems, 1 error, 0 warnings"). */
export const problemsTab = (page: Page): Locator => page.getByRole('tablist', { name: 'Panel' }).getByRole('tab', { name: /^Problems\b/ });

/**
 * Opens the bottom panel on Problems (it starts collapsed to its header when the workspace had no
 * problems, and new problems do not open it) and returns the Problems region.
 */
export async function showProblems(page: Page): Promise<Locator> {
  await problemsTab(page).click();
  const region = page.getByRole('region', { name: 'Problems' });
  await region.waitFor({ state: 'visible' });
  return region;
}
