import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { portalPort } from '../support/portal-env';
import { acmeTicket, addNote, openTicket, signedInPage } from '../support/ticket-pages';

// A rolling restart while people work (docs/operations.md#stopping-restarting-and-upgrading): the operator sends
// SIGUSR2 to `npm start`'s primary; both API processes are replaced one at a time; the open pages'
// live streams reconnect by themselves, and a note written afterwards is pushed to the other page.

const liveStream = (page: Page) => page.locator('[data-live]').first();

interface PortalProcess {
  pid: number;
  ppid: number;
  worker: boolean;
}

/** The started portal's processes on this machine: its cluster workers (NODE_UNIQUE_ID set) on our port, and their primary. */
function portalProcesses(): { primary: number; workers: number[] } {
  const found: PortalProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environ.includes(`PORT=${portalPort}`)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      found.push({ pid: Number(entry), ppid, worker: environ.some((line) => line.startsWith('NODE_UNIQUE_ID=')) });
    } catch {
      // gone, or not ours to read
    }
  }
  const workers = found.filter((p) => p.worker);
  const primary = workers[0]?.ppid ?? 0;
  return { primary, workers: workers.filter((p) => p.ppid === primary).map((p) => p.pid).sort() };
}

test('after a rolling restart the open pages are live again by themselves and a new note is pushed', async ({ browser }) => {
  test.skip(process.platform !== 'linux', 'finds the portal processes through /proc');
  const title = `Rolling restart ${Date.now()}`;
  const client = await signedInPage(browser, 'client');
  const agent = await signedInPage(browser, 'agent');
  const path = await acmeTicket(client, title);
  await openTicket(client, path, title);
  await openTicket(agent, path, title);
  await expect(liveStream(client)).toHaveAttribute('data-live', 'on');
  await expect(liveStream(agent)).toHaveAttribute('data-live', 'on');

  const before = portalProcesses();
  expect(before.workers).toHaveLength(2);
  process.kill(before.primary, 'SIGUSR2');
  // Both replaced: two workers again, neither of the old ones.
  await expect.poll(() => {
    const now = portalProcesses().workers;
    return now.length === 2 && now.every((pid) => !before.workers.includes(pid));
  }, { timeout: 90_000, intervals: [250] }).toBe(true);

  // The streams were handed off during the restart; the browsers reconnected on their own.
  await expect(liveStream(client)).toHaveAttribute('data-live', 'on', { timeout: 10_000 });
  await expect(liveStream(agent)).toHaveAttribute('data-live', 'on', { timeout: 10_000 });
  const note = `Written after the restart ${Date.now()}`;
  await addNote(agent, note);
  await expect(client.getByTestId('activity-feed').getByText(note)).toBeVisible({ timeout: 2000 });

  await client.context().close();
  await agent.context().close();
});
