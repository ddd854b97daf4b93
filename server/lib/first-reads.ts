import { matchRoute } from '@portal/domain';
import type { PrerenderFile } from './prerender.js';

// Data with the page (docs/performance.md#data-with-the-page): a signed-in page carries the answers of the reads its
// page makes on its first render, read as the visitor through the API, so the app renders them without a round trip.
// The remote declares the reads (its src/page-reads.ts); its build writes them into prerender.json as templates.

/** A template's stand-in for a route id or the contact's id (`me`), as a key made with it writes it (encoded by pathOf). */
export const readMarker = (name: string): string => `{${name}}`;

const MARKER = /%7B(\w+)%7D/g;

/** The keys of `urlPath`'s page for this reader: each template with its markers filled; a key with an unknown marker is left out. */
export function firstReadKeys(
  reads: PrerenderFile['reads'], urlPath: string, reader: { contactId: number; staff: boolean },
): string[] {
  for (const [route, templates] of Object.entries(reads ?? {})) {
    // `*`: every signed-in page (the shell's own reads).
    const params = route === '*' ? {} : matchRoute(route, urlPath);
    if (!params) continue;
    const values: Record<string, string> = { ...params, me: String(reader.contactId) };
    return (reader.staff ? templates.staff : templates.client).flatMap((template) => {
      let unknown = false;
      const key = template.replace(MARKER, (_whole, name: string) => values[name] ?? ((unknown = true), ''));
      return unknown ? [] : [key];
    });
  }
  return [];
}

/** One read's answer as the API gave it (a 200). */
export interface FirstRead {
  body: unknown;
  etag: string | null;
  seq: string | null;
}
