/**
 * Issue 17 (nothing gets slower): a workspace too large to keep every explorer row in the page.
 * Above 200 rows the explorer is virtualized: only the rows in view (and two more) are in the page.
 * Keys, scrolling, closing and opening a group and screen-reader positions must work as in a small
 * workspace, with no gap while scrolling.
 */
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y';
import { expect, explorer, explorerItem, openApp, test } from './serve-fixture';

const crew = (n: string): string =>
  `kind: crew\nschemaVersion: 1\nid: big-${n}\nname: Big Crew ${n}\nmembers:\n  - id: a\n    name: A\n    type: survivor\n    die: d6\n    health: 2\n    captain: true\n`;

/** The document rows in the page: their names' first part and aria-posinset/setsize. */
const rowsInPage = (page: Page) =>
  explorer(page)
    .locator('[role="row"][aria-level="2"]')
    .evaluateAll((rows) =>
      rows.map((r) => ({
        name: (r.getAttribute('aria-label') ?? '').split(',')[0],
        pos: Number(r.getAttribute('aria-posinset')),
        size: Number(r.getAttribute('aria-setsize')),
        top: r.getBoundingClientRect().top,
      })),
    );

test('a workspace of 300 crews: rows in view only, End, scrolling without gaps, a group closed and opened, positions for screen readers', async ({
  page,
  served,
}) => {
  test.setTimeout(120_000);
  for (let i = 1; i <= 300; i++) {
    const n = String(i).padStart(3, '0');
    served.write(`crews/big-${n}.yaml`, crew(n));
  }
  await openApp(page, served);
  const crews = explorer(page).getByRole('row', { name: /^Crews \(\d+\)$/ });
  await expect(crews).toHaveAttribute('aria-expanded', 'true');
  const total = Number((await crews.getAttribute('aria-label'))!.match(/\((\d+)\)/)![1]);
  expect(total).toBeGreaterThanOrEqual(300);

  // Only the rows in view are in the page, and each knows its place in its group.
  const first = await rowsInPage(page);
  const box = (await explorer(page).boundingBox())!;
  expect(first.length).toBeGreaterThan(5);
  expect(first.length).toBeLessThanOrEqual(Math.ceil(box.height / 26) + 3);
  const big = first.filter((r) => r.name.startsWith('Big Crew'));
  expect(big.length).toBeGreaterThan(0);
  for (const r of big) expect(r.size).toBe(total);

  // A group row's React subtree is its own content, not one (empty) node per row of its group
  // (patches/react-aria-components+*.patch): every render of the group row, and its mounting and
  // removal, would otherwise cost as much as its 300 rows.
  const groupNodes = await crews.evaluate((row) => {
    type Fiber = { child: Fiber | null; sibling: Fiber | null };
    const key = Object.keys(row).find((k) => k.startsWith('__reactFiber$'));
    if (!key) return -1;
    let n = 0;
    const walk = (f: Fiber | null): void => {
      for (; f; f = f.sibling) {
        n++;
        walk(f.child);
      }
    };
    walk((row as unknown as Record<string, Fiber>)[key]!.child);
    return n;
  });
  expect(groupNodes).toBeGreaterThan(0);
  expect(groupNodes).toBeLessThan(150);

  // End goes to the last row of the tree, which is then in the page and focused.
  await explorerItem(page, /^Big Crew 001,/).focus();
  await page.keyboard.press('End');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('role', 'row');
  await expect(focused).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(explorer(page).locator('[role="row"][aria-posinset="1"][aria-level="1"]')).toBeFocused();

  // Scrolling by a few rows at a time never shows a gap: the rows in view are contiguous.
  const tree = explorer(page);
  for (let step = 1; step <= 6; step++) {
    await tree.evaluate((el, y) => el.scrollTo(0, y), step * 26 * 7 + 5);
    await page.waitForTimeout(50);
    const rows = (
      await tree.locator('[role="row"]').evaluateAll((rs) => rs.map((r) => r.getBoundingClientRect().top))
    ).sort((a, b) => a - b);
    const inView = rows.filter((t) => t >= box.y - 26 && t <= box.y + box.height);
    expect(inView.length).toBeGreaterThanOrEqual(Math.floor(box.height / 26) - 1);
    for (let i = 1; i < inView.length; i++) expect(Math.round(inView[i] - inView[i - 1])).toBe(26);
  }
  const mid = await rowsInPage(page);
  const positions = mid.filter((r) => r.name.startsWith('Big Crew')).map((r) => r.pos);
  expect(Math.min(...positions)).toBeGreaterThan(30);
  await tree.evaluate((el) => el.scrollTo(0, 0));

  // Closing the group leaves its heading and the other groups; opening it brings the rows back.
  await crews.click();
  await expect(crews).toHaveAttribute('aria-expanded', 'false');
  await expect(explorerItem(page, /^Big Crew 001,/)).toHaveCount(0);
  await crews.click();
  await expect(crews).toHaveAttribute('aria-expanded', 'true');
  await expect(explorerItem(page, /^Big Crew 001,/)).toBeVisible();
  await expectNoA11yViolations(page, 'explorer of 300 crews');

  // Closed by a click event (as a screen reader's), the group renders each row in view once: no row
  // renders again in a later task (patches/react-aria+*.patch: each row shown or reused for another
  // key merged its item id into its row id after the render, and rendered again for it).
  const renderedAgain = await crews.evaluate(
    (group) =>
      new Promise<number>((done) => {
        const tree = group.closest('[role="treegrid"]')!;
        const propsOf = (el: Element): unknown => {
          const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
          return key ? (el as unknown as Record<string, unknown>)[key] : undefined;
        };
        (group as HTMLElement).click();
        // After React's render of the click (a microtask queued before this one).
        queueMicrotask(() => {
          const rows = [...tree.querySelectorAll('[role="row"]')].map((r) => [r, propsOf(r)] as const);
          setTimeout(() => done(rows.filter(([r, p]) => r.isConnected && propsOf(r) !== p).length), 500);
        });
      }),
  );
  await expect(crews).toHaveAttribute('aria-expanded', 'false');
  expect(renderedAgain).toBe(0);
  await crews.click();
  await expect(explorerItem(page, /^Big Crew 001,/)).toBeVisible();

  // A document opens from the virtualized tree.
  await explorerItem(page, /^Big Crew 002,/).click();
  await expect(page.getByRole('tab', { name: 'big-002.yaml' })).toBeVisible();
});
