import { waitFor } from '@testing-library/react';
import { pageReadsOf, type PageReads } from '@portal/api-client';
import type { Contact } from '@portal/contract';
import { isStaff } from '@portal/domain';
import { recordedRequests } from './mock-api/server';

/**
 * Checks a remote's page reads (docs/performance.md#data-with-the-page) against its page, rendered by the caller over
 * the mock API at `path` as `viewer`: every key the reads list for them is one the page asks for on its first render.
 * A key no hook asks for would be read for nothing, and one written differently twice. Answers the keys checked.
 */
export async function expectPageAsksForItsReads(pageReads: PageReads, path: string, viewer: Contact): Promise<readonly string[]> {
  const keys = pageReadsOf(pageReads, path, { contactId: viewer.contact_id, staff: isStaff(viewer.group_id) });
  expect(keys.length).toBeGreaterThan(0);
  const asked = () => recordedRequests().filter((request) => request.method === 'GET').map((request) => request.url);
  await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(keys.map((key) => `/api${key}`))));
  return keys;
}
