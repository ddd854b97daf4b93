import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonForHtml, remoteOwning } from './page-hints.js';

describe('remoteOwning', () => {
  it('answers the remote whose most specific route matches, as the shell does', () => {
    assert.equal(remoteOwning('/login'), 'auth');
    assert.equal(remoteOwning('/'), 'auth');
    assert.equal(remoteOwning('/clients/1'), 'dashboards');
    assert.equal(remoteOwning('/clients/1/tickets/9'), 'tickets');
    assert.equal(remoteOwning('/clients/1/info'), 'companies');
    assert.equal(remoteOwning('/admins/settings/crm/direct'), 'admin');
    assert.equal(remoteOwning('/Admins/Invoices'), 'billing');
    assert.equal(remoteOwning('/nowhere/at/all'), undefined);
  });
});

describe('jsonForHtml', () => {
  it('cannot end the element it sits in', () => {
    const text = jsonForHtml({ a: '</script><!--', b: '\u2028' });
    assert.doesNotMatch(text, /[<\u2028]/);
    assert.deepEqual(JSON.parse(text), { a: '</script><!--', b: '\u2028' });
  });
});
