import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FIRST_READS_BLOCK_ID } from '@portal/contract';
import type { RuntimeLayout } from './paths.js';
import { aTab, field, startTwoWorkers, type TwoWorkers } from './fixtures/two-portal-workers.js';

// Data with the page (docs/performance.md#data-with-the-page) across processes, from outside: two real API processes on
// one SQLite file serve the front end as `npm start` does. A write acknowledged by one process, then a page loaded
// through the other, as a browser does after it (a new tab, a link followed): the answers written into the page must
// show the write, though that process heard of it through the relay, which holds some copies a little
// (fixtures/slow-relay.ts).

const PAIRS = 200;
/** The client dashboard's list of open tickets, as the dashboards remote's page reads it (mfe-dashboards/src/page-reads.ts). */
const OPEN_TICKETS = '/company/%7BcompanyId%7D/tickets?completed_limit=0';

/** The least of a build a signed-in first screen needs: the shell's frame, and the dashboards remote's page and reads. */
function frontEndLayout(root: string): RuntimeLayout {
  const layout = {
    dataDir: root,
    deployDir: path.join(root, 'deploy'),
    remotesMapPath: path.join(root, 'remotes.json'),
    shellDist: path.join(root, 'shell'),
  };
  const slot = '<main><template data-portal-slot=""></template></main>';
  mkdirSync(layout.shellDist, { recursive: true });
  writeFileSync(path.join(layout.shellDist, 'index.html'), '<!doctype html><html><head><title>P</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(layout.shellDist, 'prerender.json'), JSON.stringify({
    css: 'prerender.f.css', pages: { '/': slot }, signedIn: { frame: slot, 'frame-admin': slot },
  }));
  const dashboards = path.join(layout.deployDir, 'dashboards', 'v1');
  mkdirSync(dashboards, { recursive: true });
  writeFileSync(path.join(dashboards, 'mf-manifest.json'), '{"metaData":{"remoteEntry":{"name":"remoteEntry.js","path":""}}}');
  writeFileSync(path.join(dashboards, 'prerender.json'), JSON.stringify({
    css: 'prerender.d.css', pages: {}, signedIn: { '/clients/:companyId': '<h1>{{company.name}}</h1>' },
    reads: { '/clients/:companyId': { staff: [OPEN_TICKETS], client: [OPEN_TICKETS] } },
  }));
  writeFileSync(layout.remotesMapPath, JSON.stringify({ dashboards: { entry: '/remotes/dashboards/v1/mf-manifest.json', version: 'v1' } }));
  return layout;
}

const blockOf = (html: string): Record<string, { body: unknown }> => {
  const block = new RegExp(`<script type="application/json" id="${FIRST_READS_BLOCK_ID}">(.*?)</script>`).exec(html)?.[1];
  return block === undefined ? {} : (JSON.parse(block) as Record<string, { body: unknown }>);
};

describe('the answers written into a page, between two processes', () => {
  let root: string;
  let portal: TwoWorkers;

  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'first-reads-cluster-'));
    portal = await startTwoWorkers({ frontEnd: frontEndLayout(root) });
  });

  after(async () => {
    await portal.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it(`a ticket renamed through one process: the client's dashboard loaded through the other carries the new title (${PAIRS} pairs)`, async () => {
    const { urls, cookies, ids, relay } = portal;
    const tab = aTab(true);
    const created = await tab.call(urls[0], 'POST', '/api/ticket', cookies.admin, {
      company_id: ids.acme, title: 'Title -1', description: 'Data with the page', type_id: 1, priority_id: 2, estimate_required: 0,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const ticketId = field(created, 'ticket_id') as number;
    const key = OPEN_TICKETS.replace('%7BcompanyId%7D', String(ids.acme));
    // One copy in four held a few milliseconds, one in ten past the 25 ms a read waits for it (then it goes to the
    // database): some pages are read before their process has heard the write.
    let n = 0;
    relay.holdMs = () => {
      n += 1;
      if (n % 10 === 0) return 40;
      return n % 4 === 0 ? 4 : 0;
    };
    const stale: string[] = [];
    try {
      for (let i = 0; i < PAIRS; i += 1) {
        const writer = i % 2;
        const written = await tab.call(urls[writer]!, 'PUT', `/api/ticket/${ticketId}`, cookies.agent, { title: `Title ${i}` });
        assert.equal(written.status, 200, JSON.stringify(written.body));
        // A page load: no change number of its own, the session's cookie.
        const page = await fetch(`${urls[1 - writer]}/clients/${ids.acme}`, { headers: { accept: 'text/html', cookie: cookies.client } });
        assert.equal(page.status, 200);
        const html = await page.text();
        const tickets = blockOf(html)[key]?.body;
        const shown = Array.isArray(tickets) && tickets.some((ticket: { ticket_id?: number; title?: string }) => ticket.ticket_id === ticketId && ticket.title === `Title ${i}`);
        if (!shown) stale.push(`pair ${i}: ${writer} -> ${1 - writer}${tickets === undefined ? ' (no answer in the page)' : ''}`);
      }
    } finally {
      relay.holdMs = () => 0;
    }
    assert.deepEqual(stale.slice(0, 10), [], `${stale.length} pages with a stale answer (the first ten shown)`);
  });
});
