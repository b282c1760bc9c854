import { expect, openApp, test } from './serve-fixture';
test('probe3', async ({ page, served }) => {
  page.on('pageerror', (e) => console.log('PAGEERROR', String(e).slice(0, 500)));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text().slice(0, 300)));
  await openApp(page, served);
  await page.getByRole('treeitem', { name: /^The Drowned Foundry,/ }).click();
  await page.getByRole('tablist', { name: 'Document view' }).getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByRole('group', { name: 'Area map' })).toBeVisible();
  await page.waitForTimeout(1500);
  await page.getByRole('group', { name: 'Area map' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/i14/map.png' });
});
