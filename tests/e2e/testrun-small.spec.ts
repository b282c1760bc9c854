import { expect, test } from './serve-fixture';
import { download, openTestRun } from './testrun-helpers';

test('issue 11 item 7: the Odds tab refuses negative lost Health with a message, as the CLI does', async ({ page, served }) => {
  await openTestRun(page, served);
  await page.getByRole('tab', { name: 'Odds' }).click();
  const lost = page.getByRole('spinbutton', { name: 'Attacker lost Health' });
  await lost.fill('-1');
  const problem = page.getByRole('alert').filter({ hasText: 'lost Health' });
  await expect(problem).toContainText("Attacker lost Health '-1' is not a whole number ≥ 0");
  await expect(lost).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('table', { name: 'Pair odds' })).toHaveCount(0);
  await lost.fill('1');
  await expect(page.getByRole('table', { name: 'Pair odds' })).toBeVisible();
  await expect(problem).toHaveCount(0);
});

test('issue 11 item 7: Setup labels keep their distance from the next control; the file picker is a plain button', async ({ page, served }) => {
  await openTestRun(page, served);
  const setup = page.getByRole('group', { name: 'Setup' });
  // Every field: its box, and its label's text box above its control (issue 17: labels above fields).
  const fields = await setup.locator('.tr-field').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      const label = e.querySelector('.tr-field-label')!.getBoundingClientRect();
      const control = e.querySelector('select, input')!.getBoundingClientRect();
      return { left: r.left, right: r.right, top: Math.round(r.top), text: (e as HTMLElement).innerText.split('\n')[0], labelBottom: label.bottom, controlTop: control.top };
    }),
  );
  expect(fields.length).toBeGreaterThan(5);
  for (const f of fields) expect(f.controlTop - f.labelBottom, `${f.text}: label above its control`).toBeGreaterThanOrEqual(2);
  // Fields side by side on one row keep at least 12 px between them.
  for (const a of fields)
    for (const b of fields) {
      if (a === b || Math.abs(a.top - b.top) >= 4 || b.left < a.left) continue;
      expect(b.left - a.right, `${a.text} → ${b.text}`).toBeGreaterThanOrEqual(12);
    }
  // Side A and side B are two cards facing each other.
  const a = await page.getByRole('group', { name: /^Side A/ }).boundingBox();
  const b = await page.getByRole('group', { name: /^Side B/ }).boundingBox();
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(4);
  expect(b!.x - (a!.x + a!.width)).toBeGreaterThanOrEqual(8);
  // "Load log…" is a button; no truncated "No file chosen" text anywhere.
  await expect(page.getByRole('button', { name: 'Load log…' })).toBeVisible();
  await expect(page.getByText(/No fil/)).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toBeHidden();
});

test('issue 11 item 7: the status line does not keep stale messages', async ({ page, served }) => {
  test.setTimeout(300_000);
  await openTestRun(page, served);
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('drowned-foundry');
  await page.getByRole('combobox', { name: 'Player of side A' }).selectOption('greedy');
  await page.getByRole('combobox', { name: 'Player of side B' }).selectOption('greedy');
  await page.getByRole('button', { name: 'Start battle' }).click();
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByText(/^Battle over:/)).toBeVisible({ timeout: 120_000 });
  const saved = await download(page, page.getByRole('button', { name: 'Save log' }));
  await page.locator('input[type="file"]').setInputFiles({ name: 'again.json', mimeType: 'application/json', buffer: Buffer.from(saved.text) });
  const loaded = page.getByText(/^Loaded again\.json/);
  await expect(loaded).toBeVisible();
  // Moving on makes the message stale: it goes.
  await page.getByRole('slider', { name: 'Battle timeline' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(loaded).toHaveCount(0);
  // A bad file says so; the next action clears it.
  await page.locator('input[type="file"]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"nope": 1}') });
  const bad = page.getByText(/^bad\.json: the battle log is malformed/i);
  await expect(bad).toBeVisible();
  await page.getByRole('button', { name: 'Step' }).click();
  await expect(bad).toHaveCount(0);
});
