import { rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { e2eDataDir, portalUrl, portalEnv } from './support/portal-env';

// Playwright starts the webServer before the global setup, so the database folder is emptied here,
// when the runner loads this file, before the portal opens it. Workers load this file too: not there.
if (process.env.TEST_WORKER_INDEX === undefined) rmSync(e2eDataDir, { recursive: true, force: true });

// Playwright cannot download browsers here: it drives Debian's Chromium (`apt-get install chromium`).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // One worker: the journeys share one started portal and one database, and CI has two cores.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: portalUrl,
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `${portalUrl}/api/health`,
    env: portalEnv,
    // A fresh clone builds every app before it listens.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
