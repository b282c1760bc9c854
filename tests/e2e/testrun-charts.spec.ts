import type { Locator, Page } from '@playwright/test';
import { expect, test } from './serve-fixture';
import { useTheme } from './a11y';
import { download, finishedResults, openTestRun, showCharts } from './testrun-helpers';
import { parseCsv } from '../unit/renderer/testrun/csv';
import { pick } from './pick';

interface CliReport {
  runs: number;
  seed: number;
  sides: { side: string; wins: number; winRate: number; ci95: [number, number] }[];
  draws: number;
  rounds: { histogram: Record<string, number> };
  members: { member: string; side: string; incapacitatedRate: number }[];
  objectives: { id: string; completedRate: Record<string, number> }[];
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;


/** Cells of a chart's table (toggled on with "Show as table"), header row first. */
async function tableOf(results: Locator, chart: string): Promise<string[][]> {
  const figure = results.getByRole('figure', { name: chart });
  await figure.getByRole('button', { name: `Show ${chart} as table` }).click();
  const table = figure.getByRole('table', { name: chart });
  await expect(table).toBeVisible();
  return table.getByRole('row').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th,td')].map((c) => (c as HTMLElement).innerText)));
}

async function simulate(page: Page, runs: number): Promise<Locator> {
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'random');
  await pick(page, 'Player of side B', 'greedy');
  await page.getByRole('textbox', { name: 'Seed' }).fill('9');
  await page.getByRole('textbox', { name: 'Runs', exact: true }).fill(String(runs));
  await page.getByRole('button', { name: 'Run simulation' }).click();
  return finishedResults(page, runs);
}

test('issues 11 items 4 and 5: every chart’s table shows the numbers of the downloaded JSON and CSV', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  const results = await simulate(page, 300);
  const json = await download(page, results.getByRole('button', { name: 'Download JSON' }));
  expect(json.name).toMatch(/^simulation-drowned-foundry-9\.json$/);
  const report = JSON.parse(json.text) as CliReport;
  // The CLI's shape: exactly the DESIGN.md keys.
  expect(Object.keys(report)).toEqual(['runs', 'seed', 'ruleset', 'sides', 'draws', 'rounds', 'members', 'objectives', 'elapsedMs', 'coverage']);
  expect(report.runs).toBe(300);
  const csv = parseCsv((await download(page, results.getByRole('button', { name: 'Download CSV' }))).text);
  expect(csv[0]).toEqual(['section', 'subject', 'side', 'value', 'ci95_low', 'ci95_high', 'count']);
  expect(Number(csv.find((r) => r[0] === 'win_rate' && r[1] === 'a')![3])).toBe(report.sides[0]!.winRate);

  const outcomes = await tableOf(results, 'Win, draw and loss per side (%)');
  expect(outcomes[0]).toEqual(['Outcome', 'Rate', '95% interval', 'Battles']);
  expect(outcomes[1]).toEqual(['The Choir wins', pct(report.sides[0]!.winRate), `${pct(report.sides[0]!.ci95[0])}–${pct(report.sides[0]!.ci95[1])}`, String(report.sides[0]!.wins)]);
  expect(outcomes[2]!.slice(0, 2)).toEqual(['The Saints wins', pct(report.sides[1]!.winRate)]);
  expect(outcomes[3]!.slice(0, 2)).toEqual(['Draw', pct(report.draws / report.runs)]);

  const rounds = await tableOf(results, 'Rounds played');
  for (const row of rounds.slice(1)) {
    const battles = row.slice(1).reduce((t, c) => t + Number(c.split(' ')[0]!.replace(/,/g, '')), 0);
    expect(battles, `rounds ${row[0]}`).toBe(report.rounds.histogram[row[0]!]);
  }
  expect(rounds.length - 1).toBe(Object.keys(report.rounds.histogram).length);

  const members = await tableOf(results, 'Incapacitation rate per member (%)');
  expect(members.slice(1).map((r) => r[1])).toEqual(report.members.map((m) => pct(m.incapacitatedRate)));
  expect(members[1]![0]).toBe('Warden-7 (The Choir)');

  const objectives = await tableOf(results, 'Objective completion per side (%)');
  expect(objectives.slice(1).map((r) => r.slice(1))).toEqual(report.objectives.map((o) => [pct(o.completedRate.a!), pct(o.completedRate.b!)]));

  const points = await tableOf(results, 'Points distribution');
  const csvPoints = csv.filter((r) => r[0] === 'points' && r[2] === 'a').reduce((t, r) => t + Number(r[6]), 0);
  const tablePoints = points.slice(1).reduce((t, r) => t + Number(r[1]!.split(' ')[0]!.replace(/,/g, '')), 0);
  expect(tablePoints).toBe(csvPoints);
  expect(tablePoints).toBe(300);
});

test('issue 11 item 4: member names on every bar, side colours with a legend, every objective labelled, a 75% tick, tooltips in %', async ({
  page,
  served,
}) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  const results = await simulate(page, 150);
  await showCharts(results);
  const members = results.getByRole('figure', { name: 'Incapacitation rate per member (%)' });
  // recharts 3 draws tick labels in a layer of their own: tell the axes apart by their text.
  const ticks = (await members.locator('.recharts-cartesian-axis-tick-value').allTextContents()).filter((t) => !/%$/.test(t));
  expect(ticks).toHaveLength(10);
  expect(ticks).toContain('Warden-7 (The Choir)');
  expect(ticks).toContain('The Ash Mother (The Saints)');
  // One colour per side: the bars of each side share it, and the legend names both.
  const fills = await members.locator('.recharts-bar-rectangle path').evaluateAll((els) => els.map((e) => e.getAttribute('fill')));
  expect(new Set(fills).size).toBe(2);
  await expect(members.getByRole('list', { name: /^Legend of / })).toContainText('The Choir');
  await expect(members.getByRole('list', { name: /^Legend of / })).toContainText('The Saints');

  const objectives = results.getByRole('figure', { name: 'Objective completion per side (%)' });
  const labels = (await objectives.locator('text.tr-tick').allTextContents()).join(' ');
  for (const name of ['Wake the Reactor Core', 'Hold the Foundry Floor', 'Breach the Vault']) {
    for (const word of name.split(' ')) expect(labels).toContain(word);
  }
  await expect(objectives.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: /^75%$/ })).toHaveCount(1);

  // Tooltip: hover a bar, read a percentage with the series named.
  const bar = objectives.locator('.recharts-bar-rectangle path').first();
  await bar.hover();
  const tip = objectives.locator('.recharts-tooltip-wrapper');
  await expect(tip).toContainText(/The (Choir|Saints)\s*:\s*\d+\.\d%/);

  // Charts use the width they have: wider window, wider chart.
  const width = async (): Promise<number> => Number(await results.getByRole('figure', { name: 'Rounds played' }).locator('svg.recharts-surface').first().getAttribute('width'));
  const before = await width();
  expect(before).toBeGreaterThanOrEqual(320);
  await page.setViewportSize({ width: 1900, height: 900 });
  await expect.poll(width, { timeout: 15_000 }).toBeGreaterThan(before);
});

test('issue 11 item 4: in the dark theme axis text, grid and error bars have at least 4.5:1 contrast', async ({ page, served }) => {
  test.setTimeout(600_000);
  await openTestRun(page, served);
  await useTheme(page, 'dark');
  const results = await simulate(page, 120);
  const figure = results.getByRole('figure', { name: 'Win, draw and loss per side (%)' });
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('.recharts-errorBar line').first()).toBeAttached({ timeout: 60_000 });
  const ratios = await figure.evaluate((fig) => {
    const rgb = (c: string): number[] => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: string): number => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: string, b: string): number => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    let el: Element | null = fig;
    let bg = 'rgb(0, 0, 0)';
    while (el) {
      const c = getComputedStyle(el).backgroundColor;
      if (c && !c.endsWith(', 0)') && c !== 'transparent') {
        bg = c;
        break;
      }
      el = el.parentElement;
    }
    const style = (sel: string, prop: 'fill' | 'stroke'): string => getComputedStyle(fig.querySelector(sel)!)[prop];
    return {
      bg,
      axis: ratio(style('.recharts-cartesian-axis-tick-value', 'fill'), bg),
      grid: ratio(style('.recharts-cartesian-grid line', 'stroke'), bg),
      errorBar: ratio(style('.recharts-errorBar line', 'stroke'), bg),
    };
  });
  expect(ratios.bg).toBe('rgb(30, 30, 30)');
  expect(ratios.axis).toBeGreaterThanOrEqual(4.5);
  expect(ratios.grid).toBeGreaterThanOrEqual(4.5);
  expect(ratios.errorBar).toBeGreaterThanOrEqual(4.5);
});

test('issue 11 item 5: a played battle downloads as the play --log JSON and as a Markdown battle report', async ({ page, served }) => {
  test.setTimeout(300_000);
  await openTestRun(page, served);
  await pick(page, 'Scenario', 'The Drowned Foundry');
  await pick(page, 'Player of side A', 'greedy');
  await pick(page, 'Player of side B', 'random');
  await page.getByRole('textbox', { name: 'Seed' }).fill('77');
  await page.getByRole('button', { name: 'Start battle' }).click();
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByText(/^Battle over:/)).toBeVisible({ timeout: 120_000 });
  const lines = await page.getByRole('listbox', { name: 'Battle log' }).getByRole('option').allInnerTexts();
  const log = await download(page, page.getByRole('button', { name: 'Save log' }));
  const parsed = JSON.parse(log.text) as Record<string, unknown>;
  // The self-contained log of `play --log`: it carries its setup and names the bots that played.
  expect(Object.keys(parsed)).toEqual(['version', 'scenario', 'crews', 'ruleset', 'seed', 'setup', 'ai', 'decisions']);
  expect(parsed).toMatchObject({ version: 2, scenario: 'drowned-foundry', crews: ['iron-choir', 'rot-saints'], seed: 77, ai: ['greedy', 'random'] });
  const md = await download(page, page.getByRole('button', { name: 'Battle report (Markdown)' }));
  expect(md.name).toBe('battle-drowned-foundry-77.md');
  expect(md.text.startsWith('# Battle report: The Drowned Foundry\n')).toBe(true);
  expect(md.text).toContain('- Seed: 77');
  expect(md.text).toMatch(/## Result\n\n(The Choir|The Saints) wins after round \d|## Result\n\nA draw/);
  const items = md.text.split('\n').filter((l) => /^\d+\. /.test(l));
  expect(items).toHaveLength(lines.length);
  expect(items.at(-1)).toContain('The battle ends');
});
