import { guardRoute, type GuardViewer } from '@portal/domain';

// Which links the shell reads ahead (docs/performance.md#a-click-is-instant): an in-app page a remote owns that the
// route guard lets this viewer open. Never an external link, a download, an API address, a link that opens elsewhere
// or is marked as an action (data-prefetch="off"), the page already open, or anything while the tab is hidden or the
// browser asks to save data.

export interface PrefetchContext {
  /** The portal's origin (`location.origin`). */
  origin: string;
  /** The path on screen now: its page is read already. */
  currentPath: string;
  /** Who is signed in (with whether a second factor must be enrolled first); null signed out. */
  viewer: GuardViewer | null;
  /** The tab is not visible. */
  hidden: boolean;
  /** The browser asks to save data (`navigator.connection.saveData`). */
  saveData: boolean;
  /** The remote that owns a path (the shell's route table), null for none. */
  remoteFor(path: string): string | null;
}

/** The page a link leads to, when it may be read ahead: its path, and whether its address has a query. */
export interface PrefetchTarget {
  path: string;
  hasQuery: boolean;
}

/** What `link` may have read ahead, or null when it must not be. */
export function prefetchTarget(link: HTMLAnchorElement, context: PrefetchContext): PrefetchTarget | null {
  if (context.hidden || context.saveData || context.viewer === null) return null;
  if (link.hasAttribute('download') || link.dataset.prefetch === 'off') return null;
  const target = link.getAttribute('target');
  if (target !== null && target !== '' && target !== '_self') return null;
  const href = link.getAttribute('href');
  if (href === null || href === '' || href.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(href, `${context.origin}${context.currentPath}`);
  } catch {
    return null;
  }
  if (url.origin !== context.origin) return null;
  const path = url.pathname;
  if (path === '/api' || path.startsWith('/api/') || path === context.currentPath) return null;
  if (context.remoteFor(path) === null) return null;
  if (guardRoute(path, context.viewer).kind !== 'allow') return null;
  return { path, hasQuery: url.search !== '' };
}
