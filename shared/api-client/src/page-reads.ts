import { matchRoute } from '@portal/domain';

// What a page reads on its first render (docs/performance.md#data-with-the-page), declared by the remote that owns
// the page in its `src/page-reads.ts`: the server reads them as the visitor and writes the answers into a signed-in
// first page, and the shell reads them ahead when a link to the page is about to be followed. Each key is the SWR key
// (the API path, as `pathOf` writes it) the page's own hook asks for, so the answer read ahead is the one it takes.

/** Who is reading: the signed-in contact (GET /auth/me). */
export interface PageReader {
  contactId: number;
  /** Whether an agent or an admin (the domain's isStaff of their group). */
  staff: boolean;
}

/**
 * Route pattern (`/clients/:companyId/tickets/:ticketId`, ids whole numbers) → the keys its page reads for `reader`.
 * Only reads every allowed viewer's first render makes, none that depends on state in the browser; ids and the
 * contact id go into keys as path or query values only (the server fills them into keys made with markers).
 */
export type PageReads = Readonly<Record<string, (ids: Readonly<Record<string, number>>, reader: PageReader) => readonly string[]>>;

/** A route's ids as numbers when `urlPath` is that route (`/clients/:companyId` against `/clients/3`), else undefined. */
export function matchPageRoute(route: string, urlPath: string): Record<string, number> | undefined {
  const params = matchRoute(route, urlPath);
  return params && Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Number(value)]));
}

/** The keys `urlPath`'s page reads for `reader`, by the first route of `reads` it matches; none when it matches none. */
export function pageReadsOf(reads: PageReads, urlPath: string, reader: PageReader): readonly string[] {
  for (const [route, keys] of Object.entries(reads)) {
    const ids = matchPageRoute(route, urlPath);
    if (ids) return keys(ids, reader);
  }
  return [];
}
