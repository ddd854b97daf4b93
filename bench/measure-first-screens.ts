// Measures each remote's first screen as its user meets it: signed in as the right demo role, a
// cold load (cache disabled) of the screen's URL, the JavaScript it fetched (compressed) and the
// time until its heading shows; for a signed-in screen the server wrote into the page, also when the
// app's own page took its place (with its data). Usage: a portal running with the demo data (npm start), then
// `npm run measure:screens [-- base-url]`. SCREENS=tickets,dashboards measures those remotes' screens only;
// FILES=1 lists each screen's scripts with their compressed size, largest first.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { kb, recordScripts } from '../e2e/support/page-weight.js';
import { CHROMIUM_ARGS } from '../server/lib/headless-chromium.js';
import { headingPaintedMs, median } from './lib/measure-browser.js';

const base = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const runs = Number(process.env.RUNS ?? 3);
const PASSWORD = 'portal-demo';
const USERS = { admin: 'admin@demo.test', agent: 'agent@demo.test', client: 'client@demo.test' } as const;
type Role = keyof typeof USERS | null;

interface Ids { company: number; ticket: number }
interface Screen { remote: string; what: string; role: Role; path(ids: Ids): string; heading: string | RegExp }

const SCREENS: Screen[] = [
  { remote: 'auth', what: 'login', role: null, path: () => '/login', heading: 'Please Log In' },
  { remote: 'dashboards', what: 'client dashboard', role: 'client', path: (ids) => `/clients/${ids.company}`, heading: 'Acme, LLC' },
  { remote: 'dashboards', what: 'agent dashboard', role: 'agent', path: () => '/agents', heading: 'Agent Dashboard' },
  { remote: 'dashboards', what: 'admin dashboard', role: 'admin', path: () => '/admins', heading: 'Admin Dashboard' },
  { remote: 'tickets', what: 'ticket page', role: 'admin', path: (ids) => `/clients/${ids.company}/tickets/${ids.ticket}`, heading: /^#\d+ / },
  { remote: 'companies', what: 'company settings', role: 'client', path: (ids) => `/clients/${ids.company}/info`, heading: 'Acme, LLC Profile Settings' },
  { remote: 'admin', what: 'admin settings', role: 'admin', path: () => '/admins/settings/crm/direct', heading: 'Direct Messaging' },
  { remote: 'billing', what: 'admin invoices', role: 'admin', path: () => '/admins/invoices', heading: 'All Invoice Items' },
];

async function signIn(page: Page, role: Exclude<Role, null>): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(USERS[role]);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText(/^Welcome, .+!$/).waitFor();
}

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

// The API allows 10 sign-ins a minute per address (LOGIN_RATE_LIMIT_MAX): each role signs in once,
// and every cold load starts a fresh context from that role's cookies and storage.
const signedIn = new Map<Exclude<Role, null>, Promise<SignedIn>>();

function sessionOf(browser: Browser, role: Exclude<Role, null>): Promise<SignedIn> {
  let session = signedIn.get(role);
  if (!session) {
    session = (async () => {
      const context = await browser.newContext();
      try {
        await signIn(await context.newPage(), role);
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    signedIn.set(role, session);
  }
  return session;
}

/** Acme's company id (the client's company) and one of its tickets, read through the API as the client. */
async function demoIds(browser: Browser): Promise<Ids> {
  const context = await browser.newContext({ storageState: await sessionOf(browser, 'client') });
  const page = await context.newPage();
  const me = (await (await page.request.get(`${base}/api/auth/me`)).json()) as { contact: { company_id: number } };
  const company = me.contact.company_id;
  const tickets = (await (await page.request.get(`${base}/api/company/${company}/tickets`)).json()) as unknown;
  const list = (Array.isArray(tickets) ? tickets : ((tickets as { tickets?: unknown[] }).tickets ?? [])) as { ticket_id: number }[];
  await context.close();
  if (!list[0]) throw new Error(`Company ${company} has no ticket to measure the ticket page with.`);
  return { company, ticket: list[0].ticket_id };
}

// A signed-in page the server wrote its first screen into: when the app's page took its place (the
// shell's FirstScreenHold), in ms from the navigation's start. A string, not a function: tsx would wrap
// a function's inner names in a helper the page does not have.
const APP_IN_WATCH = `new MutationObserver((_records, observer) => {
  const held = document.querySelector('[data-portal-first-screen]');
  if (held) window.__portalHeld = true;
  else if (window.__portalHeld) { window.__portalAppIn = performance.now(); observer.disconnect(); }
}).observe(document, { childList: true, subtree: true });`;

async function measure(browser: Browser, screen: Screen, ids: Ids) {
  const context = await browser.newContext(screen.role ? { storageState: await sessionOf(browser, screen.role) } : {});
  try {
    const page = await context.newPage();
    await page.addInitScript(APP_IN_WATCH);
    const recorder = await recordScripts(page);
    const started = Date.now();
    const response = await page.goto(`${base}${screen.path(ids)}`);
    await page.getByRole('heading', { name: screen.heading }).first().waitFor();
    const headingMs = await headingPaintedMs(page, (await response?.text()) ?? '', screen.heading, Date.now() - started);
    await page.waitForLoadState('networkidle');
    const appInMs = await page.evaluate(() => (window as unknown as { __portalAppIn?: number }).__portalAppIn ?? null);
    return { weight: recorder.weight(), headingMs, appInMs: appInMs === null ? null : Math.round(appInMs) };
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const ids = await demoIds(browser);
  console.log(`first screens at ${base}, ${runs} cold loads each (median time to heading)\n`);
  console.log('| remote | screen | signed in as | JS files | JS compressed | time to heading | app\'s page in |');
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
  const only = process.env.SCREENS?.split(',');
  for (const screen of SCREENS.filter((each) => !only || only.includes(each.remote))) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await measure(browser, screen, ids));
    const { weight } = samples[samples.length - 1]!;
    const ms = median(samples.map((s) => s.headingMs));
    const appIn = samples.flatMap((s) => (s.appInMs === null ? [] : [s.appInMs]));
    const appInText = appIn.length ? `${median(appIn)} ms` : '-';
    console.log(`| ${screen.remote} | ${screen.what} \`${screen.path(ids)}\` | ${screen.role ?? '-'} | ${weight.files} | ${kb(weight.compressed)} | ${ms} ms | ${appInText} |`);
    if (process.env.FILES) {
      for (const script of [...weight.scripts].sort((a, b) => b.compressed - a.compressed)) console.log(`    ${kb(script.compressed).padStart(7)}  ${new URL(script.url).pathname}`);
    }
  }
} finally {
  await browser.close();
}
