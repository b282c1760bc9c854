import { expect, openApp, test } from './serve-fixture';
test('screens', async ({ page, served }) => {
  test.slow();
  await openApp(page, served);
  await page.getByRole('treeitem', { name: /^The Iron Choir,/ }).click();
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByRole('combobox', { name: 'Die of Warden-7' })).toBeVisible();
  console.log(await page.locator('fieldset.member > legend').allTextContents());
  console.log(await page.locator('.chip').allTextContents());
});
