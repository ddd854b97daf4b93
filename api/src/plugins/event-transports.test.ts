import { EventEmitter } from 'node:events';
import type { Change } from '@portal/domain';
import { listeningUrl, openLiveStream } from '../test-support/live-stream';
import { openDemoCast } from '../test-support/test-app';
import { CLUSTER_EVENT_TYPE, clusterTransport, isChange, notifyPayloads, type ClusterChannel, type ClusterEventMessage } from './event-transports';

// The worker side of the cluster transport, against a fake `process` (send + 'message' events):
// the primary's relay (scripts/start.ts) forwards { type: 'portal:event', change } to the others.

class FakeProcess extends EventEmitter implements ClusterChannel {
  sent: ClusterEventMessage[] = [];
  send = (message: ClusterEventMessage, callback: (error: Error | null) => void) => {
    this.sent.push(message);
    callback(null);
    return true;
  };
}

const quietLog = { warn: () => undefined };
const note: Change = { kind: 'activity', ticketId: 7, companyId: 3 };

test('a worker delivers its own change at once and sends it to the primary, once', async () => {
  const channel = new FakeProcess();
  const delivered: Change[][] = [];
  const transport = clusterTransport(channel, quietLog);
  await transport.start((changes) => delivered.push(changes), () => undefined);
  await transport.publish([note]);
  expect(delivered).toEqual([[note]]);
  expect(channel.sent).toEqual([{ type: CLUSTER_EVENT_TYPE, change: note }]);
  await transport.close();
});

test("a worker delivers what the primary relays, ignores other messages, and stops listening on close", async () => {
  const channel = new FakeProcess();
  const delivered: Change[][] = [];
  const transport = clusterTransport(channel, quietLog);
  await transport.start((changes) => delivered.push(changes), () => undefined);
  channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: note });
  channel.emit('message', { type: 'something-else', change: note });
  channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: { kind: 'unknown' } });
  channel.emit('message', 'text');
  expect(delivered).toEqual([[note]]);
  expect(channel.sent).toEqual([]);
  await transport.close();
  expect(channel.listenerCount('message')).toBe(0);
  channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: note });
  expect(delivered).toHaveLength(1);
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
    expect(channel.sent).toEqual([{ type: CLUSTER_EVENT_TYPE, change: { kind: 'activity', ticketId, companyId: ids.acme } }]);
    await stream.next((event) => event.event === 'stale' && event.data.includes(`/ticket/${ticketId}/activity`));

    // Another worker changed the ticket's tasks: the primary relays it here.
    channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: { kind: 'tasks', ticketId, companyId: ids.acme } });
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
  for (const change of changes) channel.emit('message', { type: CLUSTER_EVENT_TYPE, change });
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
    channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: { kind: 'company', companyId: ids.acme, members: [client2] } });
    await stream.next(() => readies() === 2);
    channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: { kind: 'activity', ticketId, companyId: ids.acme } });
    await stream.next(activity);

    await t.app.repos.companyContacts.unlink(t.app.db, ids.acme, client2);
    channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: { kind: 'company', companyId: ids.acme, members: [client2] } });
    await stream.next(() => readies() === 3);
    const before = stream.events.length;
    channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: { kind: 'activity', ticketId, companyId: ids.acme } });
    channel.emit('message', { type: CLUSTER_EVENT_TYPE, change: { kind: 'notifications', contactId: client2 } });
    await stream.next((event) => event.event === 'stale' && event.data.includes(`/contact/${client2}/notifications`));
    expect(stream.events.slice(before).filter(activity)).toEqual([]);
    stream.close();
  } finally {
    await t.close();
  }
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

test('NOTIFY payloads: many changes are split into JSON arrays under the 8000-byte limit', () => {
  const changes: Change[] = Array.from({ length: 500 }, (_, i) => ({ kind: 'ticket', ticketId: i, companyId: 9, assignees: [1, 2] }));
  const payloads = notifyPayloads(changes);
  expect(payloads.length).toBeGreaterThan(1);
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
  expect(payloads.flatMap((payload) => JSON.parse(payload) as Change[])).toEqual(changes);
  expect(notifyPayloads([])).toEqual([]);
});
