import { expect, openApp, test } from '../tests/e2e/serve-fixture';
test('screens', async ({ page, served }) => {
  test.slow();
  await openApp(page, served);
  await page.getByRole('treeitem', { name: /^The Iron Choir,/ }).click();
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByRole('combobox', { name: 'Die of Warden-7' })).toBeVisible();
  await page.screenshot({ path: '.forms-e2e-tmp/crew.png' });
  await page.getByRole('treeitem', { name: /^The Drowned Foundry,/ }).click();
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();
  await page.screenshot({ path: '.forms-e2e-tmp/scenario.png' });
  await page.getByRole('treeitem', { name: /^Grim Reach,/ }).click();
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();
  await page.screenshot({ path: '.forms-e2e-tmp/ruleset.png' });
});
