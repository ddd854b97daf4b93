import { EventEmitter } from 'node:events';
import type { Change } from '@portal/domain';
import { listeningUrl, openLiveStream } from '../test-support/live-stream';
import { openDemoCast } from '../test-support/test-app';
import {
  CLUSTER_COUNTER_TYPE, CLUSTER_EVENT_TYPE, CLUSTER_PUBLISH_TYPE, CLUSTER_PUBLISHED_TYPE, batchOfPayload, clusterTransport, isChange, notifyPayloads, numberedPayloads,
  type ClusterChannel, type ClusterMessage,
} from './event-transports';

// The worker side of the cluster transport, against a fake `process` (send + 'message' events) whose primary
// numbers each published batch and answers, as server/lib/cluster.ts relayMessage does; the relay forwards
// { type: 'portal:event', seq, changes } to the other workers.

class FakeProcess extends EventEmitter implements ClusterChannel {
  sent: ClusterMessage[] = [];
  counter = 1000;
  send = (message: ClusterMessage, callback: (error: Error | null) => void) => {
    if (message.type !== CLUSTER_COUNTER_TYPE) this.sent.push(message);
    callback(null);
    if (message.id !== undefined) {
      const id = message.id;
      const answer = message.type === CLUSTER_COUNTER_TYPE
        ? { type: CLUSTER_COUNTER_TYPE, id, seq: this.counter }
        : { type: CLUSTER_PUBLISHED_TYPE, id, seq: (this.counter += 1) };
      setImmediate(() => this.emit('message', answer));
    }
    return true;
  };
}

/** What the primary relays from another worker: one change, numbered. */
const relayed = (change: unknown, seq?: number) => ({ type: CLUSTER_EVENT_TYPE, seq, changes: [change] });

const quietLog = { warn: () => undefined };
const note: Change = { kind: 'activity', ticketId: 7, companyId: 3 };

test('a worker sends its change to the primary once, and delivers it with the number the primary gave it', async () => {
  const channel = new FakeProcess();
  const delivered: [Change[], number | undefined][] = [];
  const transport = clusterTransport(channel, quietLog);
  await transport.start((changes, seq) => delivered.push([changes, seq]), () => undefined);
  await expect(transport.publish([note])).resolves.toBe(1001);
  await expect(transport.publish([note])).resolves.toBe(1002);
  expect(delivered).toEqual([[[note], 1001], [[note], 1002]]);
  expect(channel.sent).toEqual([{ type: CLUSTER_PUBLISH_TYPE, id: 1, changes: [note] }, { type: CLUSTER_PUBLISH_TYPE, id: 2, changes: [note] }]);
  await expect(transport.current()).resolves.toBe(1002);
  await transport.close();
});

test('a watch list is sent without a number and delivered at once', async () => {
  const channel = new FakeProcess();
  const delivered: [Change[], number | undefined][] = [];
  const transport = clusterTransport(channel, quietLog);
  await transport.start((changes, seq) => delivered.push([changes, seq]), () => undefined);
  const watch: Change = { kind: 'watch', contactId: 3, stream: 'A'.repeat(22), seq: 1, keys: null };
  await expect(transport.publish([watch])).resolves.toBeUndefined();
  expect(delivered).toEqual([[[watch], undefined]]);
  expect(channel.sent).toEqual([{ type: CLUSTER_PUBLISH_TYPE, changes: [watch] }]);
  await transport.close();
});

test("a worker delivers what the primary relays, ignores other messages, and stops listening on close", async () => {
  const channel = new FakeProcess();
  const delivered: Change[][] = [];
  const transport = clusterTransport(channel, quietLog);
  await transport.start((changes, seq) => delivered.push([...changes, seq as unknown as Change]), () => undefined);
  channel.emit('message', relayed(note, 7));
  channel.emit('message', { type: 'something-else', changes: [note] });
  channel.emit('message', relayed({ kind: 'unknown' }, 8));
  // A batch with a change that is not one: the rest is delivered, but its number is not trusted.
  channel.emit('message', { type: CLUSTER_EVENT_TYPE, seq: 9, changes: [note, { kind: 'unknown' }] });
  channel.emit('message', 'text');
  expect(delivered).toEqual([[note, 7], [note, undefined]]);
  expect(channel.sent).toEqual([]);
  await transport.close();
  expect(channel.listenerCount('message')).toBe(0);
  channel.emit('message', relayed(note, 10));
  expect(delivered).toHaveLength(2);
});

test('a worker whose primary is gone keeps serving its own streams', async () => {
  const channel = new FakeProcess();
  channel.send = () => {
    throw new Error('channel closed');
  };
  const delivered: Change[][] = [];
  const transport = clusterTransport(channel, quietLog);
  await transport.start((changes) => delivered.push(changes), () => undefined);
  await expect(transport.publish([note])).resolves.toBeUndefined();
  expect(delivered).toEqual([[note]]);
  await expect(transport.current()).rejects.toThrow();
});

test('an API worker: a note written here goes to the primary, and a relayed change reaches this worker\'s streams', async () => {
  const channel = new FakeProcess();
  const { t, call, cookies, ids } = await openDemoCast({ eventTransport: clusterTransport(channel, quietLog), liveHeartbeatMs: 1000 });
  try {
    expect(t.app.events.transport).toBe('cluster');
    const stream = await openLiveStream(await listeningUrl(t.app), cookies.client);
    await stream.next((event) => event.event === 'ready');
    const ticketId = (await t.app.repos.tickets.listForCompany(ids.acme))[0]!.ticket_id;
    expect((await call('POST', '/api/activity', cookies.agent, { ticket_id: ticketId, note: 'From this worker' })).statusCode).toBe(201);
    expect(channel.sent).toEqual([{ type: CLUSTER_PUBLISH_TYPE, id: expect.any(Number), changes: [{ kind: 'activity', ticketId, companyId: ids.acme }] }]);
    await stream.next((event) => event.event === 'stale' && event.data.includes(`/ticket/${ticketId}/activity`));

    // Another worker changed the ticket's tasks: the primary relays it here.
    channel.emit('message', relayed({ kind: 'tasks', ticketId, companyId: ids.acme }, (channel.counter += 1)));
    await stream.next((event) => event.event === 'stale' && event.data.includes(`/ticket/${ticketId}/tasks`));
    stream.close();
  } finally {
    await t.close();
  }
});

test('every kind of change crosses to the other workers: options, templates, sends and invoices too', async () => {
  const channel = new FakeProcess();
  const delivered: Change[][] = [];
  const transport = clusterTransport(channel, quietLog);
  await transport.start((changes) => delivered.push(changes), () => undefined);
  const changes: Change[] = [
    { kind: 'option', name: 'status-defaults' }, { kind: 'templates' }, { kind: 'message', messageId: 3 },
    { kind: 'invoice', companyId: 2, invoiceId: 5, offset: 1 }, { kind: 'company', companyId: 2, members: [8] },
  ];
  for (const change of changes) channel.emit('message', relayed(change));
  expect(delivered).toEqual(changes.map((change) => [change]));
  await transport.close();
});

test("a client linked to a company through another worker: this worker's stream re-reads its companies when the change is relayed", async () => {
  const channel = new FakeProcess();
  const { t, cookies, ids } = await openDemoCast({ eventTransport: clusterTransport(channel, quietLog), liveHeartbeatMs: 60_000 });
  try {
    const client2 = await t.contactId('client2@demo.test');
    const ticketId = (await t.app.repos.tickets.listForCompany(ids.acme))[0]!.ticket_id;
    const stream = await openLiveStream(await listeningUrl(t.app), cookies.client2);
    const readies = () => stream.events.filter((event) => event.event === 'ready').length;
    await stream.next(() => readies() === 1);
    const activity = (event: { event: string; data: string }) => event.event === 'stale' && event.data.includes(`/ticket/${ticketId}/activity`);

    // The other worker wrote the link and published the change; the primary relays it here.
    await t.app.repos.companyContacts.link(t.app.db, { company_id: ids.acme, contact_id: client2, title: 'Guest' });
    channel.emit('message', relayed({ kind: 'company', companyId: ids.acme, members: [client2] }));
    await stream.next(() => readies() === 2);
    channel.emit('message', relayed({ kind: 'activity', ticketId, companyId: ids.acme }));
    await stream.next(activity);

    await t.app.repos.companyContacts.unlink(t.app.db, ids.acme, client2);
    channel.emit('message', relayed({ kind: 'company', companyId: ids.acme, members: [client2] }));
    await stream.next(() => readies() === 3);
    const before = stream.events.length;
    channel.emit('message', relayed({ kind: 'activity', ticketId, companyId: ids.acme }));
    channel.emit('message', relayed({ kind: 'notifications', contactId: client2 }));
    await stream.next((event) => event.event === 'stale' && event.data.includes(`/contact/${client2}/notifications`));
    expect(stream.events.slice(before).filter(activity)).toEqual([]);
    stream.close();
  } finally {
    await t.close();
  }
});

test('a numbered batch crosses PostgreSQL in parts, numbered by its last; an older process\'s bare array is read without a number', () => {
  const changes: Change[] = Array.from({ length: 400 }, (_, index) => ({ kind: 'notifications', contactId: index }));
  const parts = numberedPayloads(changes, 77);
  expect(parts.length).toBeGreaterThan(1);
  const read = parts.map(batchOfPayload);
  expect(read.map((part) => part.seq)).toEqual([...parts.slice(1).map(() => undefined), 77]);
  expect(read.flatMap((part) => part.changes)).toEqual(changes);
  expect(batchOfPayload(JSON.stringify([note]))).toEqual({ changes: [note] });
  expect(batchOfPayload('{"seq":5,"last":true,"changes":[{"kind":"nope"}]}')).toEqual({ changes: [], seq: undefined });
});

test("a tab's watch list crosses too, checked: the largest one allowed fits one NOTIFY, a malformed one is dropped", () => {
  const stream = 'A'.repeat(22);
  // 100 paths of 40 characters: the 4,000 characters allowed.
  const largest = Array.from({ length: 100 }, (_, i) => `/ticket/${String(i).padStart(3, '0')}/${'x'.repeat(28)}`);
  const watch: Change = { kind: 'watch', contactId: 4, stream, seq: 7, keys: largest };
  expect(isChange(watch)).toBe(true);
  expect(isChange({ ...watch, keys: null })).toBe(true);
  const payloads = notifyPayloads([watch]);
  expect(payloads).toHaveLength(1);
  expect(Buffer.byteLength(payloads[0]!)).toBeLessThan(8000);
  for (const bad of [
    { ...watch, stream: 'short' }, { ...watch, contactId: 'x' }, { ...watch, seq: 1.5 }, { ...watch, keys: ['no-slash'] },
    { ...watch, keys: [...largest, '/one-more'] }, { ...watch, keys: ['/a', '/a'] }, { ...watch, keys: [1] }, { kind: 'watch' },
  ]) expect(isChange(bad)).toBe(false);
});

test("a tab's presence on a ticket crosses unnumbered, checked: a malformed one is dropped", () => {
  const presence: Change = {
    kind: 'presence', contactId: 4, stream: 'A'.repeat(22), ticketId: 12, companyId: 3, name: 'Casey Client', groupId: 5, activity: 'replying',
  };
  expect(isChange(presence)).toBe(true);
  expect(isChange({ ...presence, activity: null })).toBe(true);
  expect(numberedPayloads([presence], undefined)).toEqual([JSON.stringify([presence])]);
  for (const bad of [
    { ...presence, stream: 'short' }, { ...presence, ticketId: '12' }, { ...presence, activity: 'dancing' }, { ...presence, name: 'x'.repeat(121) },
    { ...presence, name: null }, { kind: 'presence' },
  ]) expect(isChange(bad)).toBe(false);
});

test('NOTIFY payloads: many changes are split into JSON arrays under the 8000-byte limit', () => {
  const changes: Change[] = Array.from({ length: 500 }, (_, i) => ({ kind: 'ticket', ticketId: i, companyId: 9, assignees: [1, 2] }));
  const payloads = notifyPayloads(changes);
  expect(payloads.length).toBeGreaterThan(1);
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
  expect(payloads.flatMap((payload) => JSON.parse(payload) as Change[])).toEqual(changes);
  expect(notifyPayloads([])).toEqual([]);
});
