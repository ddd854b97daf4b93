import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { inCanary, RELEASE_MESSAGES } from '@portal/domain';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mailbox';
import { e2eDeployDir, portalEnv } from '../support/portal-env';
import type { DemoRole } from '../support/session';
import { acmeTicket, signedInPage } from '../support/ticket-pages';

// Canary releases of a remote (docs/deploying-a-remote.md#canary-releases), from outside: a tickets version that fails
// in people's browsers is given to a share of them; their browsers report it; the portal rolls it back by itself,
// records why and tells the admins. A healthy one stays and is promoted by itself at the end of its window. The
// journeys' portal judges every 3 s on 10 loads a version (portal-env.ts): what `npm start` does on 50, every 15 s.

const repoRoot = join(__dirname, '..', '..');
const DEPLOYED_BY = 'admin@demo.test';
const deployRemote = (...args: string[]) =>
  execFileSync('npm', ['run', '--silent', 'deploy-remote', '--', ...args], {
    cwd: repoRoot, env: { ...process.env, ...portalEnv, DEPLOYED_BY }, encoding: 'utf8',
  });
const liveMap = () => JSON.parse(readFileSync(join(e2eDeployDir, 'remotes.json'), 'utf8')) as Record<string, { entry: string; version: string }>;
/** Loads a version judged on: at least the portal's CANARY_MIN_LOADS, with a few to spare. */
const LOADS = 14;

/**
 * A copy of the live tickets version under a new version name, as a deploy would have built it; `broken`: its
 * `./routes` module throws as it is evaluated, so a page of it never renders (a chunk that fails in the browser).
 */
function copyOfLiveTickets(name: string, { broken }: { broken: boolean }): string {
  const live = liveMap().tickets!.version;
  const from = join(e2eDeployDir, 'tickets', live);
  const version = `${live.replace(/~\d+$/, '')}-${name}`;
  const to = join(e2eDeployDir, 'tickets', version);
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  if (broken) {
    const routes = readdirSync(to).find((file) => /^__federation_expose_routes\.[0-9a-f]+\.js$/.test(file))!;
    writeFileSync(join(to, routes), `throw new Error('A canary that fails in the browser');\n${readFileSync(join(to, routes), 'utf8')}`);
    // The server sends the precompressed copies when there are some: the broken file has none.
    rmSync(join(to, `${routes}.br`), { force: true });
    rmSync(join(to, `${routes}.gz`), { force: true });
  }
  return version;
}

interface Person {
  role: DemoRole;
  page: Page;
  contactId: number;
}

async function signInAll(browser: Browser, roles: readonly DemoRole[]): Promise<Person[]> {
  return Promise.all(roles.map(async (role) => {
    const page = await signedInPage(browser, role);
    const me = (await (await page.request.get('/api/auth/me')).json()) as { contact: { contact_id: number } };
    return { role, page, contactId: me.contact.contact_id };
  }));
}

/** A share that puts at least one of `people` in the canary and one out of it (the bucket is the contact's), 50 when it does. */
function splittingShare(people: readonly Person[]): number {
  for (const share of [50, 40, 60, 30, 70, 20, 80, 10, 90]) {
    const inside = people.filter((person) => inCanary(`contact:${person.contactId}`, share)).length;
    if (inside > 0 && inside < people.length) return share;
  }
  throw new Error('no share splits the demo contacts');
}

/** The tickets version this person is served now (their /remotes.json). */
async function servedTickets(person: Person): Promise<{ version: string; canary?: true }> {
  const map = (await (await person.page.request.get('/remotes.json')).json()) as Record<string, { version: string; canary?: true }>;
  return map.tickets!;
}

/**
 * Opens the ticket page `times` times, as a person coming back to it: each load shows the ticket or the remote's error
 * panel. Answers how many showed the panel.
 */
async function openTimes(person: Person, path: string, times: number): Promise<number> {
  let panels = 0;
  for (let n = 0; n < times; n += 1) {
    await person.page.goto(path);
    const shown = person.page.locator('[data-remote="tickets"] h1, [data-testid="remote-error"]').first();
    await expect(shown).toBeVisible({ timeout: 20_000 });
    if ((await shown.getAttribute('data-testid')) === 'remote-error') panels += 1;
  }
  // Leaving sends what is left to report (pagehide).
  await person.page.goto('/security');
  return panels;
}

test('a tickets canary that fails in browsers is rolled back by itself; a healthy one is promoted by itself', async ({ browser }) => {
  test.setTimeout(420_000);
  const people = await signInAll(browser, ['admin', 'agent', 'client', 'dana']);
  const client = people.find((person) => person.role === 'client')!;
  const admin = people.find((person) => person.role === 'admin')!;
  const path = await acmeTicket(client.page, `Canary ${Date.now()}`);
  const share = splittingShare(people);
  const inside = people.filter((person) => inCanary(`contact:${person.contactId}`, share));
  const outside = people.filter((person) => !inCanary(`contact:${person.contactId}`, share));
  const live = liveMap().tickets!.version;

  // A failing canary: half the people (by their contact), the others the live version.
  const broken = copyOfLiveTickets('broken', { broken: true });
  const started = deployRemote('tickets', '--to', broken, '--canary', String(share), '--skip-smoke');
  expect(started).toContain(broken);
  expect(liveMap().tickets!.version).toBe(live);
  for (const person of inside) expect(await servedTickets(person)).toEqual(expect.objectContaining({ version: broken, canary: true }));
  for (const person of outside) expect((await servedTickets(person)).version).toBe(live);
  const listed = execFileSync('npm', ['run', '--silent', 'remotes'], { cwd: repoRoot, env: { ...process.env, ...portalEnv }, encoding: 'utf8' });
  expect(listed).toMatch(new RegExp(`${broken}.*canary ${share} %`));

  // People use the portal: the canary's pages fail to load (until it is rolled back, which may come before their
  // last load), the live version's show the ticket.
  const panels = await Promise.all([...inside, ...outside].map((person) => openTimes(person, path, LOADS)));
  expect(panels.slice(0, inside.length).every((count) => count > 0)).toBe(true);
  expect(panels.slice(inside.length)).toEqual(outside.map(() => 0));

  // Rolled back by itself within 2 minutes: nobody is served it any more, the map never named it.
  await expect.poll(async () => (await servedTickets(inside[0]!)).version, { timeout: 120_000, intervals: [2_000] }).toBe(live);
  expect(liveMap().tickets!.version).toBe(live);
  // The person who held a canary page gets the live version at their next page, without a reload loop.
  await inside[0]!.page.goto(path);
  await expect(inside[0]!.page.locator('[data-remote="tickets"] h1').first()).toBeVisible({ timeout: 20_000 });

  // The deploy log and the admin's screen say why; the admins were told.
  const overview = (await (await admin.page.request.get('/api/admin/releases')).json()) as {
    remotes: { remote: string; canary: unknown; minutes: { version: string; loads: number; failures: number }[] }[];
    log: { remote: string; action: string; version: string; reason: string | null }[];
  };
  const rolledBack = overview.log.find((line) => line.remote === 'tickets' && line.action === 'auto-rollback');
  expect(rolledBack).toEqual(expect.objectContaining({ version: broken, reason: expect.stringMatching(/^failures .* of \d+ loads against .* on the live version$/) }));
  const tickets = overview.remotes.find((remote) => remote.remote === 'tickets')!;
  expect(tickets.canary).toBeNull();
  expect(tickets.minutes.filter((minute) => minute.version === broken).reduce((sum, minute) => sum + minute.failures, 0)).toBeGreaterThan(0);

  await admin.page.goto('/admins/releases');
  await expect(admin.page.getByRole('heading', { name: RELEASE_MESSAGES.title, level: 1 })).toBeVisible();
  const log = admin.page.getByRole('table', { name: RELEASE_MESSAGES.deployLog });
  await expect(log.getByRole('row').filter({ hasText: RELEASE_MESSAGES.actions['auto-rollback'] }).filter({ hasText: broken })).toBeVisible();
  await expect(admin.page.getByRole('figure', { name: RELEASE_MESSAGES.chartLabel('tickets') })).toBeVisible();
  // The admins in their bell; the deployer (DEPLOYED_BY) by mail.
  await expect.poll(async () => {
    const bell = (await (await admin.page.request.get(`/api/contact/${admin.contactId}/notifications`)).json()) as { note: string }[];
    return bell.some((notification) => notification.note.includes(broken));
  }, { timeout: 30_000 }).toBe(true);
  await waitForMail({ to: DEPLOYED_BY, subject: `Canary tickets ${broken} was rolled back` });

  // A healthy canary with a 10-second window: promoted by itself once it has been judged healthy.
  const healthy = copyOfLiveTickets('healthy', { broken: false });
  deployRemote('tickets', '--to', healthy, '--canary', String(share), '--auto-promote', '10s', '--skip-smoke');
  for (const person of inside) expect((await servedTickets(person)).version).toBe(healthy);
  await Promise.all([...inside, ...outside].map((person) => openTimes(person, path, LOADS)));
  await expect.poll(() => liveMap().tickets!.version, { timeout: 120_000, intervals: [2_000] }).toBe(healthy);
  for (const person of people) expect(await servedTickets(person)).toEqual({ entry: expect.any(String), version: healthy });
  const promoted = (await (await admin.page.request.get('/api/admin/releases')).json()) as { log: { action: string; version: string }[] };
  expect(promoted.log).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'auto-promote', version: healthy })]));

  for (const person of people) await person.page.context().close();
});
