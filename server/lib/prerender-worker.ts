// Renders an app's public pages to HTML at build time (see prerender.ts, which runs this file under
// tsx with prerender.tsconfig.json so every workspace's .tsx compiles with React's automatic JSX).
// The app's src/prerender.tsx exports `prerenderedPages` (a public path and the element that shows it)
// and may export `signedInPages` (a signed-in first screen's route, or the shell's frame, with the
// server's {{placeholders}}: signed-in-page.ts), `pageReads` (what each signed-in page reads first: first-reads.ts) and `ownPages` (a public path and the page of the
// app's own that runs there instead of the shell: shared/build-config createPageConfig).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { ReactElement } from 'react';
import { inert, PAGES_DIR, type OwnPageScripts, type PrerenderFile } from './prerender.js';
import { readMarker } from './first-reads.js';
import { STARTUP_FILES } from './page-hints.js';
import type { PageReads } from '@portal/api-client';

async function main(): Promise<void> {
  const { appPath, outputPath } = JSON.parse(process.argv[2]!) as { appPath: string; outputPath: string };
  // Everything through the app's own require, so its components and these providers share one
  // instance of each package (an ESM import here would load a second @portal/api-client).
  const appRequire = createRequire(path.join(appPath, 'src', 'prerender.tsx'));
  const { prerenderedPages, signedInPages = {}, ownPages = {}, pageReads = {} } = appRequire('./prerender.tsx') as {
    prerenderedPages: Record<string, ReactElement>;
    signedInPages?: Record<string, ReactElement>;
    ownPages?: Record<string, string>;
    pageReads?: PageReads;
  };
  const createCache = (appRequire('@emotion/cache') as typeof import('@emotion/cache')).default;
  const { CacheProvider } = appRequire('@emotion/react') as typeof import('@emotion/react');
  const { renderToStaticMarkup } = appRequire('react-dom/server') as typeof import('react-dom/server');
  const { MemoryRouter } = appRequire('react-router-dom') as typeof import('react-router-dom');
  const { ApiClientProvider, createApiClient } = appRequire('@portal/api-client') as typeof import('@portal/api-client');
  const { PortalProvider } = appRequire('@portal/ui') as typeof import('@portal/ui');
  const { createElement: h } = appRequire('react') as typeof import('react');
  // One cache for every page: its `inserted` map ends up with each rule once.
  const cache = createCache({ key: 'css' });
  // Without a document emotion would write a <style> before each element; compat mode keeps the
  // rules in the cache instead, for one stylesheet (an inline style would need the page's nonce).
  cache.compat = true;
  const client = createApiClient({});
  const render = (urlPath: string, element: ReactElement) =>
    inert(
      renderToStaticMarkup(
        h(CacheProvider, {
          value: cache,
          children: h(PortalProvider, {
            globalCssLinked: true,
            children: h(ApiClientProvider, { client, children: h(MemoryRouter, { initialEntries: [urlPath.startsWith('/') ? urlPath : '/'] }, element) }),
          }),
        }),
      ),
    );
  const pages: Record<string, string> = {};
  for (const [urlPath, element] of Object.entries(prerenderedPages)) pages[urlPath] = render(urlPath, element);
  const signedIn: Record<string, string> = {};
  for (const [route, element] of Object.entries(signedInPages)) signedIn[route] = render(route, element);
  // Each signed-in screen again in every other language, with that language's catalogues loaded (docs/product/languages.md).
  const signedInLanguages: Record<string, Record<string, string>> = {};
  if (Object.keys(signedInPages).length > 0) {
    const { LANGUAGES, DEFAULT_LANGUAGE } = appRequire('@portal/domain') as typeof import('@portal/domain');
    const { useSession } = appRequire('@portal/session') as typeof import('@portal/session');
    const { preloadEveryCatalogue } = appRequire('@portal/i18n/react') as typeof import('@portal/i18n/react');
    // A server render reads the store's initial state (zustand's server snapshot), so the language is set on it, for
    // this build-time process only.
    const initialState = useSession.getInitialState();
    for (const language of LANGUAGES.filter((candidate) => candidate !== DEFAULT_LANGUAGE)) {
      Object.assign(initialState, { language });
      await preloadEveryCatalogue(language);
      signedInLanguages[language] = Object.fromEntries(Object.entries(signedInPages).map(([route, element]) => [route, render(route, element)]));
    }
    Object.assign(initialState, { language: DEFAULT_LANGUAGE });
  }
  const css = Object.values(cache.inserted).filter((rule): rule is string => typeof rule === 'string').join('');
  const cssFile = `prerender.${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
  writeFileSync(path.join(outputPath, cssFile), css);
  const scripts = ownPageScripts(outputPath, ownPages);
  const reads = readTemplates(pageReads);
  const file: PrerenderFile = {
    css: cssFile, pages, ...(Object.keys(signedIn).length ? { signedIn } : {}),
    ...(Object.keys(signedInLanguages).length ? { signedInLanguages } : {}), ...(Object.keys(scripts).length ? { scripts } : {}),
    ...(Object.keys(reads).length ? { reads } : {}),
  };
  writeFileSync(path.join(outputPath, 'prerender.json'), `${JSON.stringify(file)}\n`);
}

/**
 * The app's page reads as templates the server fills per visitor (first-reads.ts): each route's keys made with
 * markers for its ids and the contact's id, once as staff and once as a client.
 */
function readTemplates(pageReads: PageReads): NonNullable<PrerenderFile['reads']> {
  const templates: NonNullable<PrerenderFile['reads']> = {};
  for (const [route, keys] of Object.entries(pageReads)) {
    const ids = Object.fromEntries(route.split('/').filter((part) => part.startsWith(':')).map((part) => [part.slice(1), readMarker(part.slice(1))]));
    const as = (staff: boolean) => [...keys(ids as unknown as Record<string, number>, { contactId: readMarker('me') as unknown as number, staff })];
    templates[route] = { staff: as(true), client: as(false) };
  }
  return templates;
}

/** Each path's page of the app's own, by the files its build listed (page/startup-files.json). */
function ownPageScripts(outputPath: string, ownPages: Record<string, string>): Record<string, OwnPageScripts> {
  if (Object.keys(ownPages).length === 0) return {};
  const listed = JSON.parse(readFileSync(path.join(outputPath, PAGES_DIR, STARTUP_FILES), 'utf8')) as Record<string, string[] | undefined>;
  const inPages = (files: string[] | undefined) => (files ?? []).map((file) => path.posix.join(PAGES_DIR, file));
  const scripts: Record<string, OwnPageScripts> = {};
  for (const [urlPath, page] of Object.entries(ownPages)) {
    const run = inPages(listed[page]);
    if (run.length === 0) throw new Error(`The page of its own "${page}" (for ${urlPath}) is not in the build's ${PAGES_DIR}/${STARTUP_FILES}.`);
    scripts[urlPath] = { run, preload: inPages(listed[`${page}-app`]) };
  }
  return scripts;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
