import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { appDir } from './paths.js';
import { inert, PAGES_DIR, PRERENDER_FILE, prerenderPages, type PrerenderFile } from './prerender.js';

describe('inert', () => {
  it('lets a prerendered form submit nothing before the app is in', () => {
    const html = inert('<form noValidate=""><input name="email"/><button type="submit" class="b">Send</button></form>');
    assert.equal(
      html,
      '<form noValidate=""><button type="submit" disabled="" hidden=""></button><input name="email"/><button type="button" data-prerendered-submit="" class="b">Send</button></form>',
    );
  });
});

describe('prerenderPages', () => {
  it("renders the auth remote's sign-in page, with its labelled fields, its failure panel, the stylesheet of its classes and its own scripts", async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'prerender-'));
    try {
      // What the build of its page of its own lists (shared/build-config createPageConfig).
      mkdirSync(path.join(out, PAGES_DIR));
      writeFileSync(path.join(out, PAGES_DIR, 'startup-files.json'), JSON.stringify({ 'sign-in': ['sign-in.1.js'], 'sign-in-app': ['76.2.js', 'sign-in-app.3.js'] }));
      await prerenderPages(appDir('auth'), out);
      const file = JSON.parse(readFileSync(path.join(out, PRERENDER_FILE), 'utf8')) as PrerenderFile;
      const login = file.pages['/login'] ?? '';
      assert.match(login, /<h1[^>]*>Please Log In<\/h1>/);
      assert.match(login, /<label[^>]*for="([^"]+)"[^>]*>Username<\/label><input id="\1"[^>]*name="username"/);
      assert.doesNotMatch(login, /<button type="submit"(?! disabled="" hidden="")/);
      assert.match(login, /<template data-portal-page-failed="">.*This part of the portal could not be loaded\..*Retry.*<\/template>/);
      const own = { run: ['page/sign-in.1.js'], preload: ['page/76.2.js', 'page/sign-in-app.3.js'] };
      assert.deepEqual(file.scripts, { '/': own, '/login': own });
      const css = readFileSync(path.join(out, file.css), 'utf8');
      for (const [, name] of login.matchAll(/class="[^"]*\b(css-[a-z0-9]+)/g)) assert.ok(css.includes(`.${name}`), `no rule for ${name}`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("writes the tickets remote's page reads as templates the server fills per visitor", async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'prerender-'));
    try {
      await prerenderPages(appDir('tickets'), out);
      const file = JSON.parse(readFileSync(path.join(out, PRERENDER_FILE), 'utf8')) as PrerenderFile;
      const reads = file.reads?.['/clients/:companyId/tickets/:ticketId'];
      assert.ok(reads, 'the ticket page has reads');
      assert.ok(reads.client.includes('/ticket/%7BticketId%7D'));
      assert.ok(reads.client.includes('/ticket/%7BticketId%7D/activity?limit=20'));
      assert.ok(reads.client.includes('/company/%7BcompanyId%7D/contacts'));
      // Staff also read the staff to assign; clients never ask for it.
      assert.ok(reads.staff.includes('/contact?group=staff'));
      assert.ok(!reads.client.includes('/contact?group=staff'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("writes the shell's public frame with its texts in every language, for the sign-in page that runs without the shell", async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'prerender-'));
    try {
      await prerenderPages(appDir('shell'), out);
      const file = JSON.parse(readFileSync(path.join(out, PRERENDER_FILE), 'utf8')) as PrerenderFile;
      const frame = file.pages['/'] ?? '';
      assert.match(frame, /<a [^>]*aria-label="Support Portal home"[^>]*data-portal-label="logo\.home"/);
      assert.match(frame, /data-portal-text="footer\.copyright"[^>]*>© \d{4} Web Agency Support\. All rights reserved\.</);
      const block = /<script type="application\/json" id="portal-frame-texts">(.*?)<\/script>/.exec(frame);
      assert.ok(block, 'the frame carries its texts');
      const texts = JSON.parse(block[1]!) as Record<string, Record<string, string>>;
      assert.equal(texts.de?.['logo.home'], 'Support Portal – Startseite');
      assert.match(texts.de?.['footer.copyright'] ?? '', /^© \d{4} Web Agency Support\. Alle Rechte vorbehalten\.$/);
      assert.equal(texts.en?.['logo.home'], 'Support Portal home');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("renders the signed-in frame and a remote's first screens in every language, for a reader of each", async () => {
    const shell = mkdtempSync(path.join(tmpdir(), 'prerender-'));
    const dashboards = mkdtempSync(path.join(tmpdir(), 'prerender-'));
    try {
      await prerenderPages(appDir('shell'), shell);
      const frame = JSON.parse(readFileSync(path.join(shell, PRERENDER_FILE), 'utf8')) as PrerenderFile;
      assert.match(frame.signedIn?.frame ?? '', />Sign Out</);
      assert.match(frame.signedInLanguages?.de?.frame ?? '', />Abmelden</);
      assert.match(frame.signedInLanguages?.de?.frame ?? '', /Willkommen, \{\{contact\.first_name\}\} \{\{contact\.last_name\}\}!/);
      assert.match(frame.signedInLanguages?.de?.['frame-admin'] ?? '', />Abmelden</);
      await prerenderPages(appDir('dashboards'), dashboards);
      const pages = JSON.parse(readFileSync(path.join(dashboards, PRERENDER_FILE), 'utf8')) as PrerenderFile;
      assert.match(pages.signedIn?.['/agents'] ?? '', />Agent Dashboard</);
      assert.match(pages.signedInLanguages?.de?.['/agents'] ?? '', />Agenten-Dashboard</);
      assert.match(pages.signedInLanguages?.de?.['/admins'] ?? '', />Admin-Dashboard</);
    } finally {
      rmSync(shell, { recursive: true, force: true });
      rmSync(dashboards, { recursive: true, force: true });
    }
  });
});
