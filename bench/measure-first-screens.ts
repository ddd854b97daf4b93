// Measures each remote's first screen and the moves inside the app as a person waits for them, per profile
// (desktop: no throttling; phone: Lighthouse's mobile throttling, bench/lib/throttle.ts), cold (a fresh context,
// an empty HTTP cache) and warm (the same address loaded again in that context once the first load finished: the
// browser's cache holds the hashed files). Per screen: the JavaScript it fetched (compressed; warm: what still came
// over the network), first contentful paint, largest contentful paint, when the page's OWN data is on screen (a
// text read from the API before the run, e.g. the newest note's words on the ticket page, waited for in the page:
// bench/lib/page-timings.ts) and the layout shift until then + 1 s. Per move (dashboard → a ticket, a ticket →
// another, the agent's list → kanban, one remote to another): from the click (pointerdown, recorded in the page)
// to the next screen's data, the first time in the context and again after going back; the pointer rests on the
// link 150 ms before the click, as a person's does. Every time is the page's own clock; a text that never shows
// fails that sample after 60 s ("not within 60 s").
//
// Usage: a portal running with the demo data (npm start, its own PORT and DATA_DIR), then
//   npm run measure:screens [-- base-url]                  default http://127.0.0.1:$PORT (8080)
//   RUNS=3                 samples of each (medians)
//   PROFILES=desktop,phone the profiles
//   SCREENS=tickets,client-dashboard,moves,dashboard-to-ticket   remotes, screens or moves (moves: all moves) only
//   WRITE=1                also write the run to docs/measurements/<YYYY-MM-DD>-screens-<HHMM>.md (UTC)
//   FILES=1                list each screen's cold scripts with their compressed size, largest first
//   BEFORE=http://127.0.0.1:18420   measure a second portal too, interleaved sample by sample (before, after,
//                          before, …), and print both with the difference (after − before)
//
// A "before" portal from an older commit, beside this one (its own folder, port and data):
//   git worktree add /tmp/before <commit> && cd /tmp/before && npm ci
//   PORT=18420 DATA_DIR=/tmp/before-data npm start          (builds it, seeds the demo data)
//   then, from this repository: BEFORE=http://127.0.0.1:18420 npm run measure:screens -- http://127.0.0.1:<port>
//   and afterwards: stop it, git worktree remove /tmp/before
// Both portals share the machine's two cores: measure with nothing else running (the load is printed).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../server/lib/headless-chromium.js';
import {
  SETTLE_MS, WAIT_MS, differenceCell, markdownTable, medianCell, noteSnippet, pageWatchScript, type DataTarget, type Sample,
} from './lib/page-timings.js';
import { profilesNamed, throttle, type Profile } from './lib/throttle.js';

const base = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const runs = Number(process.env.RUNS ?? 3);
const profiles = profilesNamed(process.env.PROFILES);
const only = process.env.SCREENS?.split(',').map((name) => name.trim());
const PASSWORD = 'portal-demo';
const USERS = { admin: 'admin@demo.test', agent: 'agent@demo.test', client: 'client@demo.test' } as const;
type Role = keyof typeof USERS;
/** How long the pointer rests on a link before the click. */
const HOVER_MS = 150;
/** How long a person looks at a screen before moving on: a move starts this long after the screen's data showed, and once the network is quiet. */
const LOOK_MS = 3000;

interface Portal { label: string; base: string }
const portals: Portal[] = process.env.BEFORE ? [{ label: 'before', base: process.env.BEFORE }, { label: 'after', base }] : [{ label: 'now', base }];

/** What each screen and move waits for, read through one portal's API before the run. */
interface Demo {
  company: number;
  /** Two of the company's open tickets with a note the client sees; `ticket` is the one the ticket page opens. */
  ticket: number;
  otherTicket: number;
  clientTitles: string[];
  agentTitles: string[];
  kanbanTitles: string[];
  /** The newest note of each ticket as the client sees it and (the ticket page's) as the admin does. */
  clientNote: Record<number, string>;
  adminNote: string;
  /** Company settings' first field with the company's own data: its website (Website URL). */
  companyUrl: string;
  firstInvoiceRow: string;
  modeNames: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Signing in: the API allows 10 sign-ins a minute per address (LOGIN_RATE_LIMIT_MAX), so each role signs in once
// per portal and every context starts from that role's cookies and storage.

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;
const signedIn = new Map<string, Promise<SignedIn>>();

async function signIn(page: Page, portal: Portal, role: Role): Promise<void> {
  await page.goto(`${portal.base}/login`);
  await page.getByLabel('Username').fill(USERS[role]);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText(/^Welcome, .+!$/).waitFor();
}

function sessionOf(browser: Browser, portal: Portal, role: Role): Promise<SignedIn> {
  const key = `${portal.base} ${role}`;
  let session = signedIn.get(key);
  if (!session) {
    session = (async () => {
      const context = await browser.newContext();
      try {
        await signIn(await context.newPage(), portal, role);
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    signedIn.set(key, session);
  }
  return session;
}

async function readDemo(browser: Browser, portal: Portal): Promise<Demo> {
  const contexts: BrowserContext[] = [];
  const reader = async (role: Role) => {
    const context = await browser.newContext({ storageState: await sessionOf(browser, portal, role) });
    contexts.push(context);
    return async <T>(apiPath: string): Promise<T> => {
      const response = await context.request.get(`${portal.base}/api${apiPath}`);
      if (!response.ok()) throw new Error(`GET /api${apiPath} as the ${role}: ${response.status()}`);
      return (await response.json()) as T;
    };
  };
  try {
    const [client, agent, admin] = [await reader('client'), await reader('agent'), await reader('admin')];
    type Ticket = { ticket_id: number; title: string; status_id: number; date_completed: string | null };
    type Activity = { note: string | null };
    const company = (await client<{ contact: { company_id: number } }>('/auth/me')).contact.company_id;
    const tickets = await client<Ticket[]>(`/company/${company}/tickets`);
    const newestNote = async (read: typeof client, ticket: number) =>
      noteSnippet((await read<Activity[]>(`/ticket/${ticket}/activity`)).find((item) => item.note?.trim())?.note ?? '');
    // Open tickets (the dashboard's four columns: statuses 1-4) that have a note.
    const clientNote: Record<number, string> = {};
    for (const ticket of tickets.filter((each) => each.status_id >= 1 && each.status_id <= 4 && !each.date_completed)) {
      const note = await newestNote(client, ticket.ticket_id);
      if (note) clientNote[ticket.ticket_id] = note;
      if (Object.keys(clientNote).length === 2) break;
    }
    const [ticket, otherTicket] = Object.keys(clientNote).map(Number);
    if (ticket === undefined || otherTicket === undefined) throw new Error(`Company ${company} has no two open tickets with notes to measure with.`);
    const agentId = (await agent<{ contact: { contact_id: number } }>('/auth/me')).contact.contact_id;
    const record = await client<{ name: string; url: string | null }>(`/company/${company}`);
    const month = await admin<{ companies: { company_name: string }[] }>('/company/-1/invoiceitems/0?timeZone=UTC');
    const modes = await admin<{ option_value: { name: string }[] }>('/options/mode-defaults');
    return {
      company, ticket, otherTicket, clientNote,
      clientTitles: tickets.map((each) => each.title),
      agentTitles: (await agent<Ticket[]>(`/contact/${agentId}/tickets`)).map((each) => each.title),
      kanbanTitles: (await admin<Ticket[]>('/staff/tickets?view=kanban')).map((each) => each.title),
      adminNote: await newestNote(admin, ticket),
      companyUrl: record.url || record.name,
      firstInvoiceRow: month.companies[0]?.company_name ?? '',
      modeNames: modes.option_value.map((mode) => mode.name),
    };
  } finally {
    for (const context of contexts) await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The screens and the moves.

interface Screen {
  key: string;
  remote: string;
  what: string;
  role: Role | null;
  path(demo: Demo): string;
  /** The page's own data; null: the page has none (the login form), its load event stands in. */
  data(demo: Demo): DataTarget | null;
}

const inMain = (what: string, texts: string[]): DataTarget => ({ what, texts: texts.filter(Boolean), within: 'main' });
const dashboardTitles = (demo: Demo) => inMain('a ticket\'s title in its column', demo.clientTitles);
const ticketNote = (demo: Demo, ticket: number) => inMain(`ticket ${ticket}'s newest note`, [demo.clientNote[ticket]!]);

const SCREENS: Screen[] = [
  { key: 'login', remote: 'auth', what: 'login', role: null, path: () => '/login', data: () => null },
  { key: 'client-dashboard', remote: 'dashboards', what: 'client dashboard', role: 'client', path: (demo) => `/clients/${demo.company}`, data: dashboardTitles },
  { key: 'agent-dashboard', remote: 'dashboards', what: 'agent dashboard', role: 'agent', path: () => '/agents', data: (demo) => inMain('a ticket\'s title in the list', demo.agentTitles) },
  { key: 'admin-dashboard', remote: 'dashboards', what: 'admin dashboard', role: 'admin', path: () => '/admins', data: (demo) => inMain('a ticket\'s title on the kanban', demo.kanbanTitles) },
  {
    key: 'ticket-page', remote: 'tickets', what: 'ticket page', role: 'admin',
    path: (demo) => `/clients/${demo.company}/tickets/${demo.ticket}`, data: (demo) => inMain('the newest note\'s words', [demo.adminNote]),
  },
  { key: 'company-settings', remote: 'companies', what: 'company settings', role: 'client', path: (demo) => `/clients/${demo.company}/info`, data: (demo) => inMain('the company\'s website in its Info form (a field\'s value)', [demo.companyUrl]) },
  { key: 'admin-settings', remote: 'admin', what: 'admin settings', role: 'admin', path: () => '/admins/settings/crm/direct', data: (demo) => inMain('a company mode\'s name in Direct Messaging\'s recipient filters', demo.modeNames) },
  { key: 'admin-invoices', remote: 'billing', what: 'admin invoices', role: 'admin', path: () => '/admins/invoices', data: (demo) => inMain('the first row\'s company', [demo.firstInvoiceRow]) },
];

interface Move {
  key: string;
  what: string;
  /** How the move is made, for the output. */
  how: string;
  role: Role;
  start(demo: Demo): string;
  startData(demo: Demo): DataTarget;
  /** Steps from the start to where the measured click is made (not measured). */
  prepare?(page: Page, demo: Demo): Promise<void>;
  /** What is clicked; may open the way to it first (the phone's header menu), not measured. */
  control(page: Page, demo: Demo): Promise<Locator>;
  data(demo: Demo): DataTarget;
  /** Back to where the click is made again. */
  back(page: Page, demo: Demo): Promise<void>;
}

/** A link of the header's row; below its lg width they are in the header's Menu (a drawer), opened first. */
async function headerLink(page: Page, name: string): Promise<Locator> {
  const inRow = page.locator('header').getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  if (await inRow.isVisible()) return inRow;
  await page.locator('header').getByRole('button', { name: 'Menu', exact: true }).click();
  const inMenu = page.getByRole('dialog').getByRole('link', { name, exact: true });
  await inMenu.waitFor();
  return inMenu;
}
const ticketLink = async (page: Page, ticket: number) => page.locator(`main a[href$="/tickets/${ticket}"]`).first();

/** Goes back in the history and waits for `data`. */
async function historyBack(page: Page, data: DataTarget): Promise<void> {
  await watch(page, data);
  await page.goBack();
  await shown(page);
}

const MOVES: Move[] = [
  {
    key: 'dashboard-to-ticket', what: 'client dashboard → a ticket: its newest note', role: 'client',
    how: 'a ticket\'s card on the client dashboard; back: the browser\'s Back',
    start: (demo) => `/clients/${demo.company}`, startData: dashboardTitles,
    control: (page, demo) => ticketLink(page, demo.ticket), data: (demo) => ticketNote(demo, demo.ticket),
    back: (page, demo) => historyBack(page, dashboardTitles(demo)),
  },
  {
    key: 'ticket-to-ticket', what: 'a ticket → another ticket: its newest note', role: 'client',
    how: 'the ticket page has no link to another ticket: from ticket A the header\'s Dashboard link (not measured), then B\'s card; back: the browser\'s Back',
    start: (demo) => `/clients/${demo.company}/tickets/${demo.ticket}`, startData: (demo) => ticketNote(demo, demo.ticket),
    prepare: async (page, demo) => {
      await watch(page, dashboardTitles(demo));
      await (await headerLink(page, 'Dashboard')).click();
      await shown(page);
    },
    control: (page, demo) => ticketLink(page, demo.otherTicket), data: (demo) => ticketNote(demo, demo.otherTicket),
    back: (page, demo) => historyBack(page, dashboardTitles(demo)),
  },
  {
    key: 'list-to-kanban', what: 'agent dashboard, List → Kanban: a ticket\'s title on the board', role: 'agent',
    how: 'the view switch\'s Kanban button; back: its List button',
    start: () => '/agents', startData: (demo) => inMain('a ticket\'s title in the list', demo.agentTitles),
    control: async (page) => page.locator('main').getByRole('button', { name: 'Kanban', exact: true }),
    data: (demo) => ({ what: 'a ticket\'s title in a kanban column', texts: demo.agentTitles, within: 'main section' }),
    back: async (page, demo) => {
      await watch(page, { what: 'a ticket\'s title in the list', texts: demo.agentTitles, within: 'main [role="list"]' });
      await page.locator('main').getByRole('button', { name: 'List', exact: true }).click();
      await shown(page);
    },
  },
  {
    key: 'ticket-to-dashboard', what: 'ticket page (tickets) → client dashboard (dashboards): a ticket\'s title', role: 'client',
    how: 'the header\'s Dashboard link (phone: in the header\'s Menu, opened first, not measured); back: the browser\'s Back',
    start: (demo) => `/clients/${demo.company}/tickets/${demo.ticket}`, startData: (demo) => ticketNote(demo, demo.ticket),
    control: (page) => headerLink(page, 'Dashboard'), data: dashboardTitles,
    back: (page, demo) => historyBack(page, ticketNote(demo, demo.ticket)),
  },
];

// ---------------------------------------------------------------------------------------------------------------
// In the page.

interface Measure {
  watch(target: DataTarget): void;
  readonly clickAt: number | null;
  result(untilMs: number): Promise<{ at: number; text?: string; timedOut?: boolean; painted?: boolean }>;
  loaded(): Promise<number>;
  timings(untilMs: number): { firstPaint: number | null; largestPaint: number | null; largestElement: string | null; cls: number; shifted: string[] };
}
type Measured = Window & { __portalMeasure: Measure };

/** How many data times were read, and how many from the frame the text was found in (no Element Timing entry came). */
const dataTimes = { all: 0, fromFrame: 0 };

async function watch(page: Page, target: DataTarget): Promise<void> {
  await page.evaluate((each) => (window as unknown as Measured).__portalMeasure.watch(each), target);
}

/** When the watched text showed, by the page's clock; throws "not within 60 s" when it did not within WAIT_MS of now. */
async function shown(page: Page, untilMs?: number): Promise<number> {
  const found = await page.evaluate(
    (until) => (window as unknown as Measured).__portalMeasure.result(until ?? performance.now() + 60_000),
    untilMs,
  );
  if (found.timedOut) throw new Error('not within 60 s');
  dataTimes.all += 1;
  if (!found.painted) dataTimes.fromFrame += 1;
  return found.at;
}

/** The scripts of each load as they came over the network (compressed: the budgets' bytes, e2e/support/page-weight.ts). */
function recordScripts(cdp: CDPSession) {
  let scripts = new Map<string, { url: string; headers: number; transferred: number; cached: boolean }>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    const cached = Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker);
    scripts.set(event.requestId, { url: event.response.url, headers: event.response.encodedDataLength, transferred: 0, cached });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.cached = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.transferred = event.encodedDataLength;
  });
  return {
    reset() {
      scripts = new Map();
    },
    weight() {
      const all = [...scripts.values()].map((script) => ({
        url: script.url, compressed: script.cached ? 0 : Math.max(0, script.transferred - script.headers),
      }));
      return { files: all.length, compressed: all.reduce((sum, script) => sum + script.compressed, 0), scripts: all };
    },
  };
}

interface Opened { context: BrowserContext; page: Page; scripts: ReturnType<typeof recordScripts> }

async function open(browser: Browser, portal: Portal, profile: Profile, role: Role | null, data: DataTarget | null): Promise<Opened> {
  const context = await browser.newContext({
    ...profile.context, ...(role ? { storageState: await sessionOf(browser, portal, role) } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  await page.addInitScript(pageWatchScript(data));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await throttle(cdp, profile);
  return { context, page, scripts: recordScripts(cdp) };
}

interface LoadSample {
  js: Sample;
  files: number;
  scripts: { url: string; compressed: number }[];
  firstPaint: Sample;
  largestPaint: Sample;
  dataVisible: Sample;
  cls: Sample;
  shifted: string[];
  largestElement: string | null;
}

const failed = (failure: string): LoadSample => ({
  js: { failure }, files: 0, scripts: [], firstPaint: { failure }, largestPaint: { failure }, dataVisible: { failure }, cls: { failure }, shifted: [], largestElement: null,
});

/** One load of `url` in an opened page, read once the data showed and the page settled for SETTLE_MS. */
async function load({ page, scripts }: Opened, url: string, data: DataTarget | null): Promise<LoadSample> {
  scripts.reset();
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: WAIT_MS });
    // Data that never shows fails its own figure; the paints and shifts until then are still read.
    const at = data
      ? await shown(page, WAIT_MS).catch((error: unknown) => {
        if (error instanceof Error && error.message === 'not within 60 s') return null;
        throw error;
      })
      : await page.evaluate(() => (window as unknown as Measured).__portalMeasure.loaded());
    const until = (at ?? WAIT_MS) + SETTLE_MS;
    await page.evaluate((end) => new Promise((resolve) => setTimeout(resolve, Math.max(0, end - performance.now()))), until);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const timings = await page.evaluate((end) => (window as unknown as Measured).__portalMeasure.timings(end), until);
    const weight = scripts.weight();
    const orMissing = (value: number | null): Sample => value ?? { failure: 'none' };
    return {
      js: weight.compressed, files: weight.files, scripts: weight.scripts,
      firstPaint: orMissing(timings.firstPaint), largestPaint: orMissing(timings.largestPaint),
      dataVisible: !data ? { failure: '-' } : at === null ? { failure: 'not within 60 s' } : at, cls: timings.cls, shifted: timings.shifted, largestElement: timings.largestElement,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.error(`    ${url}: ${message}`);
    return failed(message === 'not within 60 s' ? message : 'failed');
  }
}

async function measureScreen(browser: Browser, portal: Portal, demo: Demo, profile: Profile, screen: Screen) {
  const data = screen.data(demo);
  const opened = await open(browser, portal, profile, screen.role, data);
  try {
    const url = `${portal.base}${screen.path(demo)}`;
    const cold = await load(opened, url, data);
    const warm = await load(opened, url, data);
    return { cold, warm };
  } finally {
    await opened.context.close();
  }
}

/** Hover, rest, click; from the click (pointerdown in the page) to the next screen's data. */
async function clickToData(page: Page, controlOf: () => Promise<Locator>, data: DataTarget): Promise<Sample> {
  try {
    const control = await controlOf();
    await watch(page, data);
    await control.hover();
    await page.waitForTimeout(HOVER_MS);
    await control.click();
    const at = await shown(page);
    const clickAt = await page.evaluate(() => (window as unknown as Measured).__portalMeasure.clickAt);
    if (clickAt === null) return { failure: 'no click seen' };
    return at - clickAt;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.error(`    ${page.url()}: ${message}`);
    return { failure: message === 'not within 60 s' ? message : 'failed' };
  }
}

async function measureMove(browser: Browser, portal: Portal, demo: Demo, profile: Profile, move: Move): Promise<{ cold: Sample; warm: Sample }> {
  const opened = await open(browser, portal, profile, move.role, move.startData(demo));
  const { page } = opened;
  try {
    await page.goto(`${portal.base}${move.start(demo)}`, { waitUntil: 'domcontentloaded' });
    await shown(page, WAIT_MS);
    await move.prepare?.(page, demo);
    await page.waitForTimeout(LOOK_MS);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const cold = await clickToData(page, () => move.control(page, demo), move.data(demo));
    if (typeof cold !== 'number') return { cold, warm: cold };
    await move.back(page, demo);
    await page.waitForTimeout(LOOK_MS);
    const warm = await clickToData(page, () => move.control(page, demo), move.data(demo));
    return { cold, warm };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    console.error(`    ${move.key}: ${message}`);
    const failure = { failure: message === 'not within 60 s' ? 'start: not within 60 s' : 'failed' };
    return { cold: failure, warm: failure };
  } finally {
    await opened.context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The run and its report.

const METRICS = [
  { key: 'js', label: 'JS compressed (warm: over the network)', unit: 'KB' },
  { key: 'firstPaint', label: 'first contentful paint', unit: 'ms' },
  { key: 'largestPaint', label: 'largest contentful paint', unit: 'ms' },
  { key: 'dataVisible', label: 'data visible', unit: 'ms' },
  { key: 'cls', label: 'layout shift (CLS) until data + 1 s', unit: 'cls' },
] as const;

/** Cells of one row: per state, the value (with BEFORE: before, after and the difference). */
function cells(per: Record<string, { cold: Sample[]; warm: Sample[] }>, unit: 'ms' | 'cls' | 'KB'): string[] {
  return (['cold', 'warm'] as const).flatMap((state) => {
    if (portals.length === 1) return [medianCell(per[portals[0]!.label]![state], unit)];
    const [was, now] = [per.before![state], per.after![state]];
    return [medianCell(was, unit), medianCell(now, unit), differenceCell(was, now, unit)];
  });
}

function header(first: string): string[] {
  if (portals.length === 1) return [first, 'cold', 'warm'];
  return [first, 'cold, before', 'cold, after', 'change', 'warm, before', 'warm, after', 'change'];
}


const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const started = new Date();
  const loadBefore = loadAverage();
  const demos = new Map<string, Demo>();
  for (const portal of portals) demos.set(portal.label, await readDemo(browser, portal));
  const screens = SCREENS.filter((screen) => !only || only.includes(screen.remote) || only.includes(screen.key));
  const moves = MOVES.filter((move) => !only || only.includes('moves') || only.includes(move.key));
  const tables: string[] = [];

  for (const profile of profiles) {
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const screen of screens) {
      const samples = Object.fromEntries(portals.map((portal) => [portal.label, [] as { cold: LoadSample; warm: LoadSample }[]]));
      for (let run = 0; run < runs; run += 1) {
        for (const portal of portals) {
          console.error(`  ${profile.name} ${screen.key} ${portal.label} ${run + 1}/${runs}`);
          samples[portal.label]!.push(await measureScreen(browser, portal, demos.get(portal.label)!, profile, screen));
        }
      }
      const demo = demos.get(portals[portals.length - 1]!.label)!;
      for (const metric of METRICS) {
        if (metric.key === 'dataVisible' && !screen.data(demo)) continue;
        const per = Object.fromEntries(Object.entries(samples).map(([label, list]) => [label, {
          cold: list.map((sample) => sample.cold[metric.key]), warm: list.map((sample) => sample.warm[metric.key]),
        }]));
        rows.push([`${screen.what}: ${metric.label}`, ...cells(per, metric.unit)]);
      }
      const last = samples[portals[portals.length - 1]!.label]!;
      const shifted = [...new Set(last.flatMap((sample) => [...sample.cold.shifted, ...sample.warm.shifted]))];
      const data = screen.data(demo);
      notes.push(`- ${screen.what} \`${screen.path(demo)}\` as the ${screen.role ?? 'signed-out visitor'}: data = ${data ? `${data.what} (“${data.texts.slice(0, 3).join('”, “')}”${data.texts.length > 3 ? ', …' : ''})` : 'none (the sign-in form; until its load event)'}`
        + `; largest paint: ${last[0]?.cold.largestElement ?? '-'}${shifted.length ? `; largest shifts: ${shifted.slice(0, 3).join('; ')}` : ''}`);
      if (process.env.FILES) {
        for (const script of [...(last[0]?.cold.scripts ?? [])].sort((a, b) => b.compressed - a.compressed)) {
          console.log(`    ${(script.compressed / 1024).toFixed(1).padStart(7)} KB  ${new URL(script.url).pathname}`);
        }
      }
    }
    const moveRows: string[][] = [];
    for (const move of moves) {
      const samples = Object.fromEntries(portals.map((portal) => [portal.label, [] as { cold: Sample; warm: Sample }[]]));
      for (let run = 0; run < runs; run += 1) {
        for (const portal of portals) {
          console.error(`  ${profile.name} ${move.key} ${portal.label} ${run + 1}/${runs}`);
          samples[portal.label]!.push(await measureMove(browser, portal, demos.get(portal.label)!, profile, move));
        }
      }
      const per = Object.fromEntries(Object.entries(samples).map(([label, list]) => [label, {
        cold: list.map((sample) => sample.cold), warm: list.map((sample) => sample.warm),
      }]));
      moveRows.push([`${move.what}`, ...cells(per, 'ms')]);
      notes.push(`- ${move.what}, how: ${move.how}.`);
    }
    const parts = [`### ${profile.name}`, '', `Profile: ${profile.description}.`, ''];
    if (rows.length) parts.push(markdownTable(header('screen: figure'), rows), '');
    if (moveRows.length) parts.push('Moves inside the app, from the click to the data:', '', markdownTable(header('move'), moveRows), '');
    parts.push(...notes, '');
    tables.push(parts.join('\n'));
    console.log(`\n${parts.join('\n')}`);
  }

  const loadAfter = loadAverage();
  const commit = (() => {
    try {
      const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
      const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
      return changed ? `${head} with uncommitted changes` : head;
    } catch {
      return 'unknown';
    }
  })();
  const machine = `${cpus().length} cores (nproc), Chromium ${browser.version()} (headless), loopback; load average ${loadBefore} before the run, ${loadAfter} after it`;
  const portalsText = portals.map((portal) => `${portal.label}: ${portal.base}`).join(', ');
  const headerText = [
    `Each screen and move as a person waits for it, ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; this repository at ${commit} (the portals measured are whatever runs at their addresses).`,
    '',
    `- **Command:** \`${[process.env.BEFORE ? `BEFORE=${process.env.BEFORE}` : '', `RUNS=${runs}`, `PROFILES=${profiles.map((p) => p.name).join(',')}`, only ? `SCREENS=${only.join(',')}` : '', 'npm run measure:screens --', base].filter(Boolean).join(' ')}\``,
    `- **Portal:** ${portalsText}`,
    `- **Machine:** ${machine}`,
    `- **How:** medians of ${runs}${portals.length > 1 ? ', the portals interleaved sample by sample' : ''}. Cold: a fresh browser context (empty HTTP cache); warm: the same address again in that context once the first load settled. Times by the page's clock from the navigation's start (moves: from the click's pointerdown, after the pointer rested ${HOVER_MS} ms on the link, the start screen having shown its data ${LOOK_MS / 1000} s before and the network quiet); data visible: the first of the listed texts in a visible element of the app's page (\`main\`), not the server's first screen; the time is that element's paint (Element Timing), or where no entry came the frame it was found in (${dataTimes.fromFrame} of ${dataTimes.all} here); a text that never shows: "not within ${WAIT_MS / 1000} s". CLS: layout shifts without recent input until data visible + ${SETTLE_MS / 1000} s.`,
    '',
  ].join('\n');
  console.log(`\n${headerText}`);
  if (process.env.WRITE) {
    const stamp = started.toISOString();
    const file = path.join(import.meta.dirname, '..', 'docs', 'measurements', `${stamp.slice(0, 10)}-screens-${stamp.slice(11, 13)}${stamp.slice(14, 16)}.md`);
    writeFileSync(file, [`# Screens as people feel them, ${stamp.slice(0, 10)} ${stamp.slice(11, 16)} UTC`, '', headerText, ...tables].join('\n'));
    console.log(`Written to ${path.relative(process.cwd(), file)}`);
  }
} finally {
  await browser.close();
}
