import { expect, test } from './serve-fixture';
import { download, openTestRun } from './testrun-helpers';
import { pick, picked } from './pick';

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
      const label = e.querySelector('.tr-field-label, .picker-label')!.getBoundingClientRect();
      const control = e.querySelector('.picker-button, input')!.getBoundingClientRect();
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
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'greedy');
  await pick(page, 'Player of side B', 'greedy');
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

test('issue 17 item 2: Test run inputs are react-aria controls; Simulate\'s stop rule is a radio group that enables its fields', async ({ page, served }) => {
  await openTestRun(page, served);
  // No native select anywhere in Setup, Simulate, Compare or Odds (the hidden one inside a react-aria Select excepted).
  const panes = ['Simulate', 'Compare', 'Odds'];
  for (const pane of panes) {
    await page.getByRole('tab', { name: pane }).click();
    await expect(page.locator('.tr-panel select:not([tabindex="-1"])')).toHaveCount(0);
    await expect(page.locator('.tr-panel button:not([data-rac])')).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Simulate' }).click();
  const mode = page.getByRole('radiogroup', { name: 'Runs' });
  const fixed = mode.getByRole('radio', { name: 'Fixed number of runs' });
  const interval = mode.getByRole('radio', { name: /^Until the 95% interval of the win rate is narrower than ±/ });
  await expect(fixed).toBeChecked();
  const runs = page.getByRole('textbox', { name: 'Runs', exact: true });
  const half = page.getByRole('textbox', { name: 'Interval half-width (%)' });
  const max = page.getByRole('textbox', { name: 'Max runs' });
  await expect(runs).toBeEnabled();
  await expect(half).toBeDisabled();
  await expect(max).toBeDisabled();
  // Arrow keys move the choice, as in any radio group; the fields follow it.
  await fixed.focus();
  await page.keyboard.press('ArrowRight');
  await expect(interval).toBeChecked();
  await expect(runs).toBeDisabled();
  await expect(half).toBeEnabled();
  await expect(max).toBeEnabled();
  // The choice is kept with the other Test run inputs (a tab switch keeps it).
  await page.getByRole('tab', { name: 'Odds' }).click();
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await expect(interval).toBeChecked();
  await fixed.click();
  await expect(runs).toBeEnabled();
  // Compare's pickers keep their names and labels; choosing two crews shows the side to vary.
  await page.getByRole('tab', { name: 'Compare' }).click();
  await pick(page, 'Compare', 'Two crews');
  expect(await picked(page, 'Compare')).toBe('Two crews');
  await pick(page, 'Side to vary', 'Side B');
  expect(await picked(page, 'Side to vary')).toBe('Side B');
  expect(await picked(page, 'First crew')).toBe('Scenario default');
});
