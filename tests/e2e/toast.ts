import type { Locator, Page } from '@playwright/test';

/**
 * The status message's toast (components/Toasts.tsx): the alert dialog in the region named
 * "Messages". At most one is shown; its text is the current status message.
 */
export const toast = (page: Page): Locator => page.getByRole('region', { name: 'Messages' }).getByRole('alertdialog');

/** Closes the shown toast, if any, with its Dismiss button (screenshots, clicks underneath). */
export async function dismissToasts(page: Page): Promise<void> {
  const shown = toast(page);
  while ((await shown.count()) > 0) {
    await shown.first().getByRole('button', { name: 'Dismiss the message' }).click();
  }
}
