import { expect, test } from './serve-fixture';
import { decideOnce, openTestRun } from './testrun-helpers';

const RULESET = `kind: ruleset
schemaVersion: 1
id: orders-and-guards
name: Orders and Guards
text: Phased rounds with interception, for the test-run e2e tests.
extends: core
clash: {interception: true}
turnStructure: phased
`;

test('phased rounds: declare orders per member with hold-until, then play to the end', async ({
  page,
  served,
}) => {
  test.setTimeout(600_000);
  served.write('rulesets/orders-and-guards.yaml', RULESET);
  await openTestRun(page, served);
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('drowned-foundry');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('orders-and-guards');
  await page.getByRole('combobox', { name: 'Player of side A' }).selectOption('me');
  await page.getByRole('combobox', { name: 'Player of side B' }).selectOption('greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('42');
  await page.getByRole('button', { name: 'Start battle' }).click();

  const panel = page.getByRole('group', { name: 'Your decision' });
  const over = page.getByText(/^Battle over:/);
  await expect(panel.or(over)).toBeVisible({ timeout: 30_000 });
  // The first decision of a phased round is a declaration: one order control per ready member.
  await expect(page.getByText(/to decide: declare orders/)).toBeVisible();
  const orders = panel.getByRole('combobox', { name: /^Order of / });
  expect(await orders.count()).toBeGreaterThan(0);
  const first = orders.first();
  const values = await first.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(values[0]).toBe('hold');
  const move = values.find((v) => v.startsWith('move:'));
  expect(move).toBeDefined();
  await first.selectOption(move!);
  const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^Order of /, '');
  const holdUntil = panel.getByRole('combobox', { name: `Hold ${name}'s order until` });
  await expect(holdUntil).toBeEnabled();
  // A Move may only be held to the haste phase (R12).
  expect(await holdUntil.locator('option').allTextContents()).toEqual(['its own phase', 'Haste phase']);
  await holdUntil.selectOption('haste');
  await panel.getByRole('button', { name: 'Declare orders' }).click();
  const log = page.getByRole('listbox', { name: 'Battle log' });
  await expect(log).toContainText(/declare|order/i);

  // Play on as a person would; interceptions (this ruleset has them) are taken whenever offered.
  let intercepted = 0;
  for (let n = 0; n < 400; n++) {
    await expect(panel.or(over)).toBeVisible({ timeout: 30_000 });
    if (await over.isVisible()) break;
    const offer = panel.getByRole('button', { name: /^Intercept with / });
    if ((await offer.count()) > 0) {
      const who = ((await offer.first().innerText()) ?? '').replace(/^Intercept with /, '');
      await expect(panel.getByRole('list', { name: /^Odds against / }).first()).toContainText(
        new RegExp(`if ${who} intercepts for .*attacker wins \\d+/\\d+`),
      );
      intercepted++;
    }
    await decideOnce(page);
  }
  await expect(over).toBeVisible();
  await expect(log.getByRole('option').last()).toContainText('The battle ends');
  if (intercepted > 0) await expect(log).toContainText('intercepts for');
  console.log(`phased e2e: ${intercepted} interceptions taken`);
});

test('interception (R3.3): the response offers "Intercept with" a ready friend, with its exact odds', async ({
  page,
  served,
}) => {
  test.setTimeout(600_000);
  served.write('rulesets/guards.yaml', RULESET.replace('orders-and-guards', 'guards').replace('turnStructure: phased\n', ''));
  await openTestRun(page, served);
  await page.getByRole('combobox', { name: 'Scenario' }).selectOption('drowned-foundry');
  await page.getByRole('combobox', { name: 'Ruleset' }).selectOption('guards');
  await page.getByRole('combobox', { name: 'Player of side A' }).selectOption('greedy');
  await page.getByRole('combobox', { name: 'Player of side B' }).selectOption('me');
  await page.getByRole('textbox', { name: 'Seed' }).fill(process.env.TESTRUN_SEED ?? '42');
  await page.getByRole('button', { name: 'Start battle' }).click();
  const panel = page.getByRole('group', { name: 'Your decision' });
  const over = page.getByText(/^Battle over:/);
  const offer = panel.getByRole('button', { name: /^Intercept with / });
  let offered = false;
  for (let n = 0; n < 400 && !offered; n++) {
    await expect(panel.or(over)).toBeVisible({ timeout: 30_000 });
    if (await over.isVisible()) break;
    offered = (await offer.count()) > 0;
    if (!offered) await decideOnce(page);
  }
  expect(offered).toBe(true);
  const who = (await offer.first().innerText()).replace(/^Intercept with /, '');
  await expect(panel.getByRole('list', { name: /^Odds against / }).first()).toContainText(
    new RegExp(`if ${who} intercepts for .*: attacker wins \\d+/\\d+ \\(\\d+\\.\\d%\\), defender wins \\d+/\\d+`),
  );
  await offer.first().click();
  const log = page.getByRole('listbox', { name: 'Battle log' });
  await expect(log).toContainText(`${who} intercepts for`);
});
