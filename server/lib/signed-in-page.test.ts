import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { signedInPage, STARTUP_FILES } from './page-hints.js';
import { PRERENDER_FILE } from './prerender.js';
import { fillPlaceholders, placeholderSources } from './signed-in-page.js';

describe('fillPlaceholders', () => {
  it('fills each placeholder, escaped for text and attributes alike', () => {
    const facts = { contact: { first_name: '<b>Ann</b>', contact_id: 7 }, dashboard: 'admins', company: { name: `Smith & "Sons" 'Ltd'` } };
    assert.equal(
      fillPlaceholders('<a href="/{{dashboard}}" title="{{company.name}}">{{contact.first_name}} #{{contact.contact_id}}</a>', facts),
      '<a href="/admins" title="Smith &amp; &quot;Sons&quot; &#39;Ltd&#39;">&lt;b&gt;Ann&lt;/b&gt; #7</a>',
    );
  });

  it('gives nothing when a value is missing or not text, so that no placeholder reaches a page', () => {
    assert.equal(fillPlaceholders('<h1>{{company.name}}</h1>', {}), undefined);
    assert.equal(fillPlaceholders('<h1>{{company.name}}</h1>', { company: { name: { text: 'x' } } }), undefined);
    assert.equal(fillPlaceholders('<h1>{{company.name}}</h1>', { company: 'Acme' }), undefined);
  });

  it('names the reads a markup needs', () => {
    assert.deepEqual([...placeholderSources('{{company.name}} {{contact.first_name}} #{{ticket.ticket_id}} {{ticket.title}}')], ['company', 'contact', 'ticket']);
  });
});

const SLOT = '<template data-portal-slot=""></template>';

function portalOnDisk() {
  const root = mkdtempSync(path.join(tmpdir(), 'signed-in-page-'));
  const shellRoot = path.join(root, 'shell');
  const deployRoot = path.join(root, 'deploy');
  const version = path.join(deployRoot, 'dashboards', 'v1');
  mkdirSync(shellRoot, { recursive: true });
  mkdirSync(version, { recursive: true });
  writeFileSync(path.join(shellRoot, STARTUP_FILES), JSON.stringify({ startup: ['bootstrap.1.js', 'bootstrap.1.css'] }));
  writeFileSync(path.join(shellRoot, PRERENDER_FILE), JSON.stringify({
    css: 'prerender.f.css',
    pages: { '/': `<header></header><main>${SLOT}</main>` },
    signedIn: {
      frame: `<header><a href="/{{dashboard}}">Welcome, {{contact.first_name}}!</a></header><main>${SLOT}</main>`,
      'frame-admin': `<header><a href="/agents/{{contact.contact_id}}/tickets">My Tickets</a></header><main>${SLOT}</main>`,
    },
    signedInLanguages: {
      de: { frame: `<header><a href="/{{dashboard}}">Willkommen, {{contact.first_name}}!</a></header><main>${SLOT}</main>` },
    },
  }));
  writeFileSync(path.join(version, PRERENDER_FILE), JSON.stringify({
    css: 'prerender.d.css',
    pages: {},
    signedIn: { '/clients/:companyId': '<h1>{{company.name}}</h1>', '/admins': '<h1>Admin Dashboard</h1>' },
    signedInLanguages: { de: { '/clients/:companyId': '<h1>Unternehmen {{company.name}}</h1>' } },
  }));
  const mapPath = path.join(root, 'remotes.json');
  writeFileSync(mapPath, JSON.stringify({ dashboards: { entry: '/remotes/dashboards/v1/mf-manifest.json', version: 'v1' } }));
  return { mapPath, deployRoot, shellRoot };
}

/** The API as one visitor: each path's answer (a missing one is a refusal), and the paths asked. */
function visitor(answers: Record<string, unknown>, adminLinks = false) {
  const asked: string[] = [];
  return {
    asked,
    adminLinks,
    read: async (apiPath: string) => {
      asked.push(apiPath);
      return answers[apiPath];
    },
  };
}

const me = { contact: { first_name: 'Casey', last_name: 'Client', contact_id: 5 }, dashboard: '/clients' };

describe('signedInPage', () => {
  it("writes the remote's first screen into the signed-in frame, filled from the visitor's own reads", async () => {
    const sources = portalOnDisk();
    const reads = visitor({ '/auth/me': me, '/company/1': { company_id: 1, name: 'Acme & Co' } });
    const page = await signedInPage(sources, '/clients/1', reads);
    assert.equal(page?.root, '<header><a href="/clients">Welcome, Casey!</a></header><main><div data-portal-first-screen=""><h1>Acme &amp; Co</h1></div></main>');
    assert.equal(
      page?.head,
      '<link rel="stylesheet" href="/bootstrap.1.css"><link rel="stylesheet" href="/prerender.f.css">' +
        '<link rel="stylesheet" href="/remotes/dashboards/v1/prerender.d.css">',
    );
    assert.deepEqual(reads.asked, ['/auth/me', '/company/1']);
  });

  it("is in the reader's language where the build rendered it, else as written, with the page's language to match", async () => {
    const sources = portalOnDisk();
    const reader = (language: string) => visitor({ '/auth/me': { ...me, locale: { language, currency: 'EUR' } }, '/company/1': { company_id: 1, name: 'Acme' } });
    const german = await signedInPage(sources, '/clients/1', reader('de'));
    assert.equal(german?.root, '<header><a href="/clients">Willkommen, Casey!</a></header><main><div data-portal-first-screen=""><h1>Unternehmen Acme</h1></div></main>');
    assert.equal(german?.lang, 'de');
    const english = await signedInPage(sources, '/clients/1', reader('en'));
    assert.equal(english?.root, '<header><a href="/clients">Welcome, Casey!</a></header><main><div data-portal-first-screen=""><h1>Acme</h1></div></main>');
    assert.equal(english?.lang, 'en');
    // A German reader of a screen the build has only in English (the admins' frame here) gets it as written.
    const admins = await signedInPage(sources, '/admins', visitor({ '/auth/me': { ...me, dashboard: '/admins', locale: { language: 'de' } } }, true));
    assert.equal(admins?.root, '<header><a href="/agents/5/tickets">My Tickets</a></header><main><div data-portal-first-screen=""><h1>Admin Dashboard</h1></div></main>');
    // Not a language of the portal: as written.
    assert.equal((await signedInPage(sources, '/clients/1', reader('<script>')))?.lang, 'en');
  });

  it("gives the admins' frame to whoever sees their links", async () => {
    const page = await signedInPage(portalOnDisk(), '/admins', visitor({ '/auth/me': { ...me, dashboard: '/admins' } }, true));
    assert.equal(page?.root, '<header><a href="/agents/5/tickets">My Tickets</a></header><main><div data-portal-first-screen=""><h1>Admin Dashboard</h1></div></main>');
  });

  it('gives the plain page when a read is refused, the session must enrol a second factor, or the path is not a first screen', async () => {
    const sources = portalOnDisk();
    // Another company's dashboard: the API refuses the read, so not even its name is in the page.
    assert.equal(await signedInPage(sources, '/clients/2', visitor({ '/auth/me': me, '/company/1': { name: 'Acme' } })), undefined);
    assert.equal(await signedInPage(sources, '/clients/1', visitor({ '/company/1': { name: 'Acme' } })), undefined);
    assert.equal(await signedInPage(sources, '/admins', visitor({ '/auth/me': { ...me, enrol_required: true } }, true)), undefined);
    const untouched = visitor({ '/auth/me': me });
    for (const url of ['/admins?view=list', '/clients/1/info', '/nowhere']) assert.equal(await signedInPage(sources, url, untouched), undefined, url);
    assert.deepEqual(untouched.asked, []);
  });
});
