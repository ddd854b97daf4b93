import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inCanary } from '@portal/domain';
import { deviceCookie, deviceIdOf, servedRemotesMap, visitorCanaryId } from './canary-map.js';

const live = {
  tickets: { entry: '/remotes/tickets/v1/mf-manifest.json', version: 'v1' },
  auth: { entry: '/remotes/auth/a1/mf-manifest.json', version: 'a1' },
};
const canary = { remote: 'tickets', version: 'v2', entry: '/remotes/tickets/v2/mf-manifest.json', share: 50 };

describe('the map served to one visitor', () => {
  it('gives the canary, marked, to the visitors inCanary picks, and the live entry to the others', () => {
    const ids = Array.from({ length: 400 }, (_, n) => `contact:${n + 1}`);
    const picked = ids.filter((id) => inCanary(id, canary.share));
    assert.ok(picked.length > 150 && picked.length < 250);
    for (const id of ids) {
      const map = servedRemotesMap(live, [canary], id);
      assert.deepEqual(map.auth, live.auth);
      assert.deepEqual(map.tickets, inCanary(id, canary.share)
        ? { entry: canary.entry, version: 'v2', canary: true }
        : live.tickets, id);
    }
  });

  it('serves no canary to a visitor without an id, and none for a remote that is not live', () => {
    assert.deepEqual(servedRemotesMap(live, [canary], null), live);
    const everyone = { ...canary, remote: 'billing', share: 99 };
    const id = Array.from({ length: 50 }, (_, n) => `device:${n}`).find((candidate) => inCanary(candidate, 99))!;
    assert.deepEqual(servedRemotesMap(live, [everyone], id), live);
  });

  it('never changes the live map it was given', () => {
    const before = structuredClone(live);
    const id = Array.from({ length: 50 }, (_, n) => `device:${n}`).find((candidate) => inCanary(candidate, 50))!;
    servedRemotesMap(live, [canary], id);
    assert.deepEqual(live, before);
  });

  it('buckets by the signed-in contact, else by the device cookie; a malformed cookie is no id', () => {
    const cookie = 'a=1; portal_device=Zx9_-0123456789abcdefAB; portal_session=s';
    assert.equal(deviceIdOf(cookie), 'Zx9_-0123456789abcdefAB');
    assert.equal(deviceIdOf('portal_device=<script>'), null);
    assert.equal(deviceIdOf(undefined), null);
    assert.equal(visitorCanaryId({ contactId: 42 }, cookie), 'contact:42');
    assert.equal(visitorCanaryId(null, cookie), 'device:Zx9_-0123456789abcdefAB');
    assert.equal(visitorCanaryId(null, ''), null);
  });

  it('sets the device cookie for a year, HttpOnly and SameSite=Lax, Secure on https', () => {
    assert.equal(deviceCookie('abc', false), 'portal_device=abc; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax');
    assert.equal(deviceCookie('abc', true), 'portal_device=abc; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax; Secure');
  });
});
