import type { ReactElement } from 'react';
import { Header } from './features/header/header';
import { ShellFrame } from './layout/shell-layout';

/** Where the server writes a remote's prerendered page into the shell's frame (scripts/lib/page-hints.ts). */
export const PAGE_SLOT = '<template data-portal-slot=""></template>';

/**
 * The shell's part of a page rendered at build time (scripts/lib/prerender.ts): its frame as a
 * signed-out visitor sees it, under '/', with the slot the owning remote's prerendered page goes into
 * (docs/architecture.md#weight).
 */
export const prerenderedPages: Record<string, ReactElement> = {
  '/': (
    <ShellFrame live={false} header={<Header />}>
      <template data-portal-slot="" />
    </ShellFrame>
  ),
};
