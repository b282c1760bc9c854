import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/** System Chromium (Debian) unless CHROMIUM_PATH says otherwise; Playwright's own browser if neither exists. */
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 180_000,
  expect: {
    timeout: 15_000,
    // Screenshot references (issue 17, item 6; tests/e2e/screens.spec.ts): a small tolerance for
    // anti-aliasing, no animations, no caret.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    trace: 'retain-on-failure',
    actionTimeout: 15_000,
    launchOptions: {
      ...(existsSync(chromium) ? { executablePath: chromium } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
