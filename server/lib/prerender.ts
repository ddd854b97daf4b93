import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The file an app's build lists its prerendered pages in (written by prerender-worker.ts). */
export const PRERENDER_FILE = 'prerender.json';

/** What a build holds in prerender.json, read by the server (page-hints.ts). */
export interface PrerenderFile {
  /** The stylesheet of every page's emotion styles, relative to the build folder. */
  css: string;
  /** Each path's markup, to be written into the page's #root. */
  pages: Record<string, string>;
  /**
   * Signed-in first screens, by route (`/clients/:companyId`), with {{placeholders}} the server fills
   * from the visitor's own reads; the shell's build has its frames here (signed-in-page.ts).
   */
  signedIn?: Record<string, string>;
  /** The same screens in each other language (`de`: route → markup), for a visitor who reads it. */
  signedInLanguages?: Record<string, Record<string, string>>;
  /**
   * Public paths that run a page of the remote's own instead of the shell (its prerender.tsx
   * `ownPages`): the page's entry files and the files its entry imports first, relative to the build folder.
   */
  scripts?: Record<string, OwnPageScripts>;
  /**
   * What each signed-in route's page reads on its first render (the app's src/page-reads.ts), for staff and for
   * clients: API paths with `%7Bname%7D` where a route id or the contact's id (`me`) goes (first-reads.ts).
   */
  reads?: Record<string, { staff: string[]; client: string[] }>;
}

/** The scripts of a page of a remote's own (shared/build-config createPageConfig). */
export interface OwnPageScripts {
  run: string[];
  preload: string[];
}

/** Where a remote's pages of their own are built, in its build folder (shared/build-config PAGES_DIR). */
export const PAGES_DIR = 'page';

const WORKER = path.join(import.meta.dirname, 'prerender-worker.ts');
const TSCONFIG = path.join(import.meta.dirname, 'prerender.tsconfig.json');

/**
 * Before its JavaScript has run a page must not submit: a native submission would put the fields
 * (a password) in the address, or post to a page the server does not answer. Its submit buttons
 * become plain buttons (same look), marked `data-prerendered-submit` (a click on one is held and sent
 * from the app's form: shared/ui/src/prerendered-fields.ts), and each form starts with a hidden,
 * disabled submit button: the form's default button, so Enter submits nothing either. The app renders
 * over it a moment later.
 */
export const PRERENDERED_SUBMIT = 'data-prerendered-submit';

export function inert(html: string): string {
  return html
    .replace(/<button type="submit"/g, `<button type="button" ${PRERENDERED_SUBMIT}=""`)
    .replace(/<form\b[^>]*>/g, (form) => `${form}<button type="submit" disabled="" hidden=""></button>`);
}

/** Whether an app has pages rendered at build time (its src/prerender.tsx). */
export function hasPrerenderedPages(appPath: string): boolean {
  return existsSync(path.join(appPath, 'src', 'prerender.tsx'));
}

/**
 * Renders an app's public pages into its build folder (prerender.json and a stylesheet) in a child
 * Node process under tsx: React's server renderer, emotion in Node and the app's TypeScript sources.
 */
export function prerenderPages(appPath: string, outputPath: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG, NODE_ENV: 'production' };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify({ appPath, outputPath })], {
    cwd: appPath,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Prerendering the pages of ${path.basename(appPath)} failed (exit ${code}):\n${output}`));
    });
  });
}
