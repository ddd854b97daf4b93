import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Box } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';

/** Where the server wrote a signed-in first screen into the page (server/lib/page-hints.ts FIRST_SCREEN_ATTRIBUTE). */
export const FIRST_SCREEN_SELECTOR = '[data-portal-first-screen]';

/** The longest the first screen stands in for a page that shows no heading (a slow read, a page without one). */
export const FIRST_SCREEN_HOLD_MAX_MS = 10_000;

/** What shows that the app's page is up: its heading, or the alert it shows instead (not authorized, a failed read). */
const PAGE_SHOWN = 'h1, h2, [role="alert"]';

/**
 * The markup of the signed-in first screen the server wrote into #root, taken before React's first
 * commit replaces it; undefined on any other page.
 */
export function takeFirstScreen(root: HTMLElement): string | undefined {
  return root.querySelector(FIRST_SCREEN_SELECTOR)?.innerHTML;
}

/**
 * A signed-in page arrives with its first screen rendered at build time: the frame, the heading (the
 * company's name, the ticket's title, filled in by the server) and a loading line. The app's own page
 * first renders without its data, so it would replace that heading with a spinner for a moment. It
 * renders hidden instead, and the first screen stays until the page shows its heading or an alert, the
 * visitor moves to another address, or FIRST_SCREEN_HOLD_MAX_MS pass; then the page takes its place in
 * one commit (docs/architecture.md#weight). Without a first screen this renders its children alone.
 */
export function FirstScreenHold({ markup, children }: { markup?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  const [holding, setHolding] = useState(markup !== undefined);
  const page = useRef<HTMLDivElement>(null);
  const hold = holding && pathname === firstPath;

  useLayoutEffect(() => {
    const node = page.current;
    if (!hold || !node) return undefined;
    if (node.querySelector(PAGE_SHOWN)) {
      setHolding(false);
      return undefined;
    }
    // The page's heading comes in a later commit: swapped in the same task, before the browser paints.
    const release = () => flushSync(() => setHolding(false));
    const observer = new MutationObserver(() => {
      if (node.querySelector(PAGE_SHOWN)) release();
    });
    observer.observe(node, { childList: true, subtree: true });
    const timer = setTimeout(release, FIRST_SCREEN_HOLD_MAX_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hold]);

  if (markup === undefined) return children;
  return (
    <>
      {/* The server's own markup, taken from this page's HTML (takeFirstScreen). */}
      {hold ? <Box dangerouslySetInnerHTML={{ __html: markup ?? '' }} /> : null}
      <Box ref={page} display={hold ? 'none' : 'contents'}>
        {children}
      </Box>
    </>
  );
}
