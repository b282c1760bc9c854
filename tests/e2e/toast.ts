import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * The status message's toast (components/Toasts.tsx): the alert dialog in the region named
 * "Messages". At most one is shown; its text is the current status message.
 */
export const toast = (page: Page): Locator => page.getByRole('region', { name: 'Messages' }).getByRole('alertdialog');

/**
 * Closes the shown toast, if any, with its Dismiss button (screenshots, clicks underneath). A toast
 * may close by itself between the look and the click: then the click's short wait ends and the
 * loop looks again.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const shown = toast(page);
  for (let tries = 0; tries < 20 && (await shown.count()) > 0; tries++) {
    await shown
      .first()
      .getByRole('button', { name: 'Dismiss the message' })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(shown).toHaveCount(0);
}
