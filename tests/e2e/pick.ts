import type { Locator, Page } from '@playwright/test';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Picks `option` in the app's select (components/Picker.tsx, a react-aria `Select`) labelled
 * `label` inside `scope`: its trigger button is named "<value> <label>", so the button whose name
 * ends with the label is pressed and the option with exactly that name is chosen in the listbox.
 */
export async function pick(scope: Page | Locator, label: string | RegExp, option: string | RegExp): Promise<void> {
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  const name = typeof label === 'string' ? new RegExp(`(^|\\s)${escape(label)}$`) : label;
  await scope.getByRole('button', { name }).click();
  // The open Picker's list (in its popover): other listboxes, such as Play's battle log, stay out.
  const list = page.locator('.picker-popover').getByRole('listbox');
  await list.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await list.waitFor({ state: 'detached' });
}

/** The selected value's text of the Picker labelled `label` (the trigger button minus its label). */
export async function picked(scope: Page | Locator, label: string): Promise<string> {
  const name = new RegExp(`(^|\\s)${escape(label)}$`);
  const text = await scope.getByRole('button', { name }).locator('.picker-value').innerText();
  return text.trim();
}
