import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { firstReadKeys } from './first-reads.js';

describe('firstReadKeys', () => {
  const reads = {
    '*': { staff: ['/auth/me', '/contact/%7Bme%7D/notifications', '/timer'], client: ['/auth/me', '/contact/%7Bme%7D/notifications'] },
    '/clients/:companyId/tickets/:ticketId': {
      staff: ['/ticket/%7BticketId%7D', '/company/%7BcompanyId%7D/contacts', '/contact?group=staff'],
      client: ['/ticket/%7BticketId%7D', '/ticket/%7BticketId%7D/activity?limit=20', '/x/%7Bnope%7D'],
    },
  };

  it("fills a route's templates with its ids and the contact, as staff or as a client", () => {
    const { '*': _everyPage, ...page } = reads;
    assert.deepEqual(firstReadKeys(page, '/clients/3/tickets/42', { contactId: 7, staff: true }), ['/ticket/42', '/company/3/contacts', '/contact?group=staff']);
    // A template naming a marker the route does not have is left out, never sent with the marker in it.
    assert.deepEqual(firstReadKeys(page, '/clients/3/tickets/42/', { contactId: 7, staff: false }), ['/ticket/42', '/ticket/42/activity?limit=20']);
  });

  it('answers the reads of every page for `*`, and nothing for a path no route matches', () => {
    assert.deepEqual(firstReadKeys({ '*': reads['*'] }, '/anything', { contactId: 7, staff: false }), ['/auth/me', '/contact/7/notifications']);
    const { '*': _everyPage, ...page } = reads;
    for (const path of ['/clients/3/tickets/new', '/clients/3', '/clients/x/tickets/1', '/clients/03/tickets/1']) assert.deepEqual(firstReadKeys(page, path, { contactId: 7, staff: true }), [], path);
    assert.deepEqual(firstReadKeys(undefined, '/clients/3/tickets/42', { contactId: 7, staff: true }), []);
  });
});
