import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './serve-fixture';
import type { Served } from './serve-fixture';
import { decideOnce, openTestRun, selectList } from './testrun-helpers';
import type { Page } from '@playwright/test';
import { pick } from './pick';

const RULESET = `kind: ruleset
schemaVersion: 1
id: orders-and-guards
name: Orders and Guards
text: Phased rounds with interception, for the test-run e2e tests.
extends: core
clash: {interception: true}
turnStructure: phased
`;

/** A small phased battle where every roll is sure (+20), so the flow does not hang on dice. */
const AMBUSH = {
  'rulesets/phased-plain.yaml': 'kind: ruleset\nschemaVersion: 1\nid: phased-plain\nname: Phased\nextends: core\nturnStructure: phased\n',
  'libraries/ambush-gear.yaml': `kind: equipment
schemaVersion: 1
name: Ambush gear
items:
  - {id: sure-rifle, name: Sure Rifle, ranged: true, effects: [{rollModifier: 20}]}
  - {id: sure-maul, name: Sure Maul, effects: [{rollModifier: 20}]}
`,
  'crews/watchers.yaml': `kind: crew
schemaVersion: 1
id: watchers
name: The Watchers
members:
  - {id: sniper, name: Sniper, type: survivor, die: d8, health: 2, captain: true, equipment: [sure-rifle]}
  - {id: brawler, name: Brawler, type: survivor, die: d12, health: 3, equipment: [sure-maul]}
`,
  'crews/raiders.yaml': `kind: crew
schemaVersion: 1
id: raiders
name: The Raiders
members:
  - {id: boss, name: Boss, type: survivor, die: d4, health: 3, captain: true}
  - {id: runner, name: Runner, type: survivor, die: d6, health: 2}
  - {id: scout, name: Scout, type: survivor, die: d6, health: 1}
`,
  'scenarios/ambush-yard.yaml': `kind: scenario
schemaVersion: 1
id: ambush-yard
name: Ambush Yard
rounds: 2
areas:
  - {id: yard, name: The Yard}
  - {id: roof, name: The Roof}
sides:
  - {id: a, name: Watchers, deploy: yard, crew: watchers}
  - {id: b, name: Raiders, deploy: yard, crew: raiders}
ruleset: phased-plain
`,
};

/**
 * axe-core (WCAG 2.x A/AA and best practices, as `a11y.ts`) on the decision panel alone: the
 * controls this spec drives. The rest of the page is checked by the shell's own a11y specs.
 */
async function expectAccessiblePanel(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include('.tr-decision').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `axe-core violations in ${what}`).toEqual([]);
}

async function startAmbush(page: Page, served: Served): Promise<void> {
  for (const [path, text] of Object.entries(AMBUSH)) served.write(path, text);
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'Ambush Yard');
  await pick(page, 'Player of side A', 'me');
  await pick(page, 'Player of side B', 'me');
  await page.getByRole('textbox', { name: 'Seed' }).fill('1');
  await page.getByRole('button', { name: 'Start battle' }).click();
}

test('seed 002 phased play: a held reactive Clash fires as its target leaves, and a member acts in the phase it is killed', async ({ page, served }) => {
  test.setTimeout(300_000);
  await startAmbush(page, served);
  const panel = page.getByRole('group', { name: 'Your decision' });
  const log = page.getByRole('listbox', { name: 'Battle log' });
  await expect(page.getByText(/Raiders \(me\) to decide: declare orders/)).toBeVisible({ timeout: 30_000 });
  // The Raiders (lower crew value, Initiative) declare first: the Runner makes for the roof, the Scout attacks the Brawler.
  await pick(panel, /Order of Runner/, 'Move to The Roof');
  await pick(panel, /Order of Scout/, 'Clash with Brawler');
  await panel.getByRole('button', { name: 'Declare orders' }).click();
  // The Watchers: "If he moves, I'll shoot" — the Sniper holds its Clash until the Runner leaves.
  await expect(page.getByText(/Watchers \(me\) to decide: declare orders/)).toBeVisible();
  await pick(panel, /Order of Sniper/, 'Clash with Runner');
  await expect(panel.getByRole('button', { name: /Hold Sniper's order until/ })).toBeEnabled();
  await pick(panel, /Hold Sniper's order until/, 'Until Runner leaves its Area');
  await pick(panel, /Order of Brawler/, 'Clash with Scout');
  await expectAccessiblePanel(page, 'the phased declaration panel');
  await panel.getByRole('button', { name: 'Declare orders' }).click();
  await expect(log).toContainText('Orders revealed');
  await expect(log).toContainText('Sniper attacks Runner (held until Runner leaves)');

  // Clash phase: each side may drop orders at the phase start; both keep them.
  await expect(page.getByText(/to decide: keep or drop orders/)).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Start of the Clash phase' })).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: /Drop Scout's order: attacks Brawler/ })).toBeVisible();
  await expectAccessiblePanel(page, 'the phase-start drop panel');
  await panel.getByRole('button', { name: 'Confirm orders' }).click();
  await expect(panel.getByRole('checkbox', { name: /Drop Sniper's order/ })).toBeVisible();
  await panel.getByRole('button', { name: 'Confirm orders' }).click();
  // The Brawler (d12) strikes first and takes the Scout out; the Scout still carries out its attack.
  await panel.getByRole('button', { name: 'Absorb', exact: true }).first().click();
  await expect(log).toContainText('Scout is incapacitated.');
  await expect(log).toContainText('Scout was taken out earlier in this phase but still carries out its order (seed 002).');
  await expect(log).toContainText(/Brawler takes 1 damage from Scout/);

  // Move phase: the Runner leaves, the Sniper's held Clash fires first, and the Runner still goes.
  await expect(page.getByText(/to decide: keep or drop orders/)).toBeVisible();
  await panel.getByRole('button', { name: 'Confirm orders' }).click();
  await panel.getByRole('button', { name: 'Confirm orders' }).click();
  await expect(log).toContainText('Sniper: held clash order fires — Runner leaves its Area.');
  await panel.getByRole('button', { name: 'Absorb', exact: true }).first().click();
  await expect(log).toContainText('Runner moves from The Yard to The Roof.');
  const lines = await log.getByRole('option').allTextContents();
  const fired = lines.findIndex((l) => l.includes('held clash order fires'));
  const moved = lines.findIndex((l) => l.includes('Runner moves from The Yard to The Roof.'));
  expect(fired).toBeGreaterThan(-1);
  expect(moved).toBeGreaterThan(fired);
  await expect(page.getByText(/Raiders \(me\) to decide: declare orders/)).toBeVisible();
});

test('phased rounds against greedy: declare with a hold, keep or drop at phase starts, play to the end', async ({ page, served }) => {
  test.setTimeout(600_000);
  served.write('rulesets/orders-and-guards.yaml', RULESET);
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Ruleset', 'Orders and Guards');
  await pick(page, 'Player of side A', 'me');
  await pick(page, 'Player of side B', 'greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('42');
  await page.getByRole('button', { name: 'Start battle' }).click();

  const panel = page.getByRole('group', { name: 'Your decision' });
  const over = page.getByText(/^Battle over:/);
  await expect(panel.or(over)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/to decide: declare orders/)).toBeVisible();
  const orders = panel.getByRole('button', { name: /Order of / });
  expect(await orders.count()).toBeGreaterThan(0);
  await orders.first().click();
  const options = await selectList(page).getByRole('option').allTextContents();
  expect(options[0]).toBe('Hold');
  const move = options.find((v) => v.startsWith('Move to'));
  expect(move).toBeDefined();
  await selectList(page).getByRole('option', { name: move!, exact: true }).click();
  // A Move may only be held to the haste phase, or for a trigger (R12).
  await panel.getByRole('button', { name: /order until/ }).first().click();
  const holds = await selectList(page).getByRole('option').allTextContents();
  expect(holds).toEqual(['its own phase', 'Haste phase', 'Until an enemy enters its Area', 'Until an enemy leaves its Area', 'Until an enemy clashes in its Area']);
  await selectList(page).getByRole('option', { name: 'Haste phase', exact: true }).click();
  await panel.getByRole('button', { name: 'Declare orders' }).click();
  const log = page.getByRole('listbox', { name: 'Battle log' });
  await expect(log).toContainText(/declares \d+ orders? in secret/);

  // Play on as a person would; interceptions (this ruleset has them) are taken whenever offered.
  let intercepted = 0;
  for (let n = 0; n < 600; n++) {
    await expect(panel.or(over)).toBeVisible({ timeout: 30_000 });
    if (await over.isVisible()) break;
    if ((await panel.getByRole('button', { name: /^Intercept with / }).count()) > 0) intercepted++;
    await decideOnce(page);
  }
  await expect(over).toBeVisible();
  await expect(log.getByRole('option').last()).toContainText('The battle ends');
  await expect(log).toContainText(/— (Clash|Move|Interact|Ranged|Haste) phase —/);
  if (intercepted > 0) await expect(log).toContainText('intercepts for');
  console.log(`phased e2e: ${intercepted} interceptions taken`);
});

test('interception (R3.3): the response offers "Intercept with" a ready friend, with its exact odds', async ({ page, served }) => {
  test.setTimeout(600_000);
  served.write('rulesets/guards.yaml', RULESET.replace('orders-and-guards', 'guards').replace('turnStructure: phased\n', ''));
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Ruleset', 'Orders and Guards');
  await pick(page, 'Player of side A', 'greedy');
  await pick(page, 'Player of side B', 'me');
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
