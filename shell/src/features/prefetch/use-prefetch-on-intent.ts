import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { prefetchRead, type PageReader } from '@portal/api-client';
import { isStaff, type GuardViewer } from '@portal/domain';
import { useSession, viewerOf } from '@portal/session';
import { useRemoteLoader } from '@portal/ui';
import { createPrefetcher } from './prefetcher';
import { prefetchTarget } from './prefetch-rules';

/** How long a pointer rests on a link before it counts as meaning to follow it. */
export const HOVER_INTENT_MS = 65;
/** A screen with more in-app links than this reads none ahead by scrolling (a list of tickets: hover decides). */
export const VIEWPORT_LINKS_MAX = 12;
/** At most this many links of a screen are read ahead because they scrolled into view. */
export const VIEWPORT_PREFETCH_MAX = 4;
/** When the screen's links are looked for after a move: when idle, and again once its data are in. */
const VIEWPORT_SCANS_MS = [0, 2000];

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest('a[href]') : null;
}

function saveData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** Whether any of a link is inside the window. */
function inViewport(link: HTMLAnchorElement): boolean {
  const box = link.getBoundingClientRect();
  return box.width > 0 && box.bottom > 0 && box.right > 0 && box.top < window.innerHeight && box.left < window.innerWidth;
}

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/**
 * Reads the next screen ahead (docs/performance.md#a-click-is-instant): when a pointer rests on an in-app link, a
 * finger touches it or it takes the focus, and (a few, on a screen with few links) when it scrolls into view, the
 * owning remote's code starts loading through `loadRemoteRoutes`, then the page's reads (prefetch-rules.ts says
 * which links never).
 */
export interface PrefetchParts {
  /** The shell's loader of a remote's routes: the load the navigation then takes. */
  loadRemoteRoutes(remote: string): Promise<unknown> | unknown;
  /** The remote that owns a path (the shell's route table), null for none. */
  remoteFor(path: string): string | null;
  /** How a key is read ahead: prefetchRead, which primes the page's own request. */
  read?: (key: string) => void;
  /**
   * Fetches a remote's code into the HTTP cache without running it (the shell's prefetchRemoteCode): for a link in
   * view on a settled screen whose remote's code is not in. None given: such a link fetches nothing.
   */
  prefetchCode?: (remote: string) => void;
}

export function usePrefetchOnIntent({ loadRemoteRoutes, remoteFor, read = prefetchRead, prefetchCode }: PrefetchParts): void {
  const loadModule = useRemoteLoader();
  const location = useLocation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const contact = useSession((s) => s.contact);
  const enrolRequired = useSession((s) => s.enrolRequired);

  // The listeners read the latest of these without being put up again.
  const state = useRef<{ viewer: GuardViewer | null; reader: PageReader | null; currentPath: string }>({ viewer: null, reader: null, currentPath: '' });
  const signedIn = viewerOf({ isLoggedIn, contact });
  state.current = {
    viewer: signedIn && { ...signedIn, enrolRequired },
    reader: contact && signedIn ? { contactId: contact.contact_id, staff: isStaff(contact.group_id) } : null,
    currentPath: location.pathname,
  };

  // The remotes whose code is in: each one shown, and each one read ahead.
  const loaded = useRef(new Set<string>());
  const shown = remoteFor(location.pathname);
  useEffect(() => {
    if (shown) loaded.current.add(shown);
  }, [shown]);

  // `in-view`: only a page of a remote whose code is in is read ahead (a link in view runs no code: the first
  // screen's weight stays what it was, docs/performance.md#the-budgets); `code`: only the code of a remote that is not
  // in, fetched into the cache and not run (a settled screen's links in view).
  const prefetchLink = useRef<(link: HTMLAnchorElement, mode?: 'in-view' | 'code') => boolean>(() => false);
  useEffect(() => {
    const loadRoutes = async (remote: string) => {
      const routes = await loadRemoteRoutes(remote);
      loaded.current.add(remote);
      return routes;
    };
    const prefetch = createPrefetcher({ remoteFor, loadRoutes, loadModule, read });
    prefetchLink.current = (link, mode) => {
      const { viewer, reader, currentPath } = state.current;
      const target = reader && prefetchTarget(link, {
        origin: window.location.origin, currentPath, viewer, hidden: document.visibilityState === 'hidden', saveData: saveData(), remoteFor,
      });
      if (!target || !reader) return false;
      const remote = remoteFor(target.path) ?? '';
      const codeIn = loaded.current.has(remote);
      if (mode === 'code') {
        if (codeIn || !prefetchCode) return false;
        prefetchCode(remote);
        return true;
      }
      if (mode === 'in-view' && !codeIn) return false;
      // An address with a query (a tag filter, a sort) reads other keys than the page's plain ones: only its code.
      void prefetch(target.path, reader, !target.hasQuery);
      return true;
    };
  }, [loadRemoteRoutes, remoteFor, loadModule, read, prefetchCode]);

  // Hover, touch and focus, on the whole document: links of every remote and of the shell alike.
  useEffect(() => {
    let resting: { link: HTMLAnchorElement; timer: ReturnType<typeof setTimeout> } | null = null;
    const stopResting = () => {
      if (resting) clearTimeout(resting.timer);
      resting = null;
    };
    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return; // touchstart decides, at once
      const link = linkOf(event.target);
      if (!link || link === resting?.link) return;
      stopResting();
      resting = { link, timer: setTimeout(() => { resting = null; prefetchLink.current(link); }, HOVER_INTENT_MS) };
    };
    const onPointerOut = (event: PointerEvent) => {
      if (resting && !(event.relatedTarget instanceof Node && resting.link.contains(event.relatedTarget))) stopResting();
    };
    const now = (event: Event) => {
      const link = linkOf(event.target);
      if (link) prefetchLink.current(link);
    };
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('pointerout', onPointerOut);
    document.addEventListener('touchstart', now, { passive: true });
    document.addEventListener('focusin', now);
    return () => {
      stopResting();
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('pointerout', onPointerOut);
      document.removeEventListener('touchstart', now);
      document.removeEventListener('focusin', now);
    };
  }, []);

  // Links that scroll into view: a few, on a screen with few links, to pages of remotes whose code is in, looked for
  // when the browser is idle; once the screen has settled (the last look), the code of the other remotes its links in
  // view lead to, fetched and not run (docs/performance.md#a-click-is-instant).
  useEffect(() => {
    if (typeof IntersectionObserver !== 'function') return;
    let left = VIEWPORT_PREFETCH_MAX;
    const seen = new Set<HTMLAnchorElement>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || !(entry.target instanceof HTMLAnchorElement)) continue;
        observer.unobserve(entry.target);
        if (left > 0 && prefetchLink.current(entry.target, 'in-view')) left -= 1;
      }
    });
    const scan = (settled: boolean) => {
      const links = [...document.querySelectorAll<HTMLAnchorElement>('main a[href]')].filter((link) => {
        const url = new URL(link.href, window.location.href);
        return url.origin === window.location.origin && remoteFor(url.pathname) !== null;
      });
      if (settled) {
        const fetched = new Set<string>();
        for (const link of links.filter(inViewport)) {
          const remote = remoteFor(new URL(link.href, window.location.href).pathname) ?? '';
          if (!fetched.has(remote) && prefetchLink.current(link, 'code')) fetched.add(remote);
        }
      }
      if (links.length > VIEWPORT_LINKS_MAX) return;
      for (const link of links) {
        if (seen.has(link)) continue;
        seen.add(link);
        observer.observe(link);
      }
    };
    const cancels = VIEWPORT_SCANS_MS.map((delay, index) => {
      let cancelIdle = () => undefined as void;
      const timer = setTimeout(() => { cancelIdle = whenIdle(() => scan(index === VIEWPORT_SCANS_MS.length - 1)); }, delay);
      return () => {
        clearTimeout(timer);
        cancelIdle();
      };
    });
    return () => {
      for (const cancel of cancels) cancel();
      observer.disconnect();
    };
  }, [location.pathname, remoteFor]);
}
