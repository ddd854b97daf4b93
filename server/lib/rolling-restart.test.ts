import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import {
  freePort, notesStartingWith, openLiveClient, preparePortal, signIn, startCluster, startWriters, workerPids,
} from './rolling-restart-kit.js';

// A rolling restart under load (docs/operations.md#stopping-restarting-and-upgrading): two API processes on one
// port and one SQLite file, under the real supervisor, each stopping as start.ts's workers do. While
// signed-in writers post notes, every worker is replaced one at a time. Every acknowledged note is in
// the database afterwards; every refused one was refused before it was written (none of them is
// there); and a live stream open before the restart is handed off with the short retry hint and
// reconnects by itself, to a worker that tells it about a new note.

describe('a rolling restart of two workers under writes', () => {
  let dataDir = '';
  let ticketId = 0;
  let baseUrl = '';
  let supervisor: Awaited<ReturnType<typeof startCluster>>;

  before(async () => {
    ({ dataDir, ticketId } = await preparePortal('portal-rolling-restart-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    supervisor = await startCluster({ dataDir, port, count: 2 });
  });

  after(async () => {
    await supervisor?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged write, refuses the rest cleanly, and the live stream reconnects by itself', async () => {
    const cookie = await signIn(baseUrl);
    const live = openLiveClient(baseUrl, cookie);
    await live.until(() => (live.connections[0]?.readies ?? 0) > 0, 'first ready');

    const prefix = `rolling-${Date.now()}-`;
    const writers = startWriters({ baseUrl, cookie, ticketId, writers: 4, prefix });
    const before = workerPids();
    let replaced: number;
    try {
      await live.until(() => writers.acknowledged() >= 20, 'writes acknowledged before the restart');
      replaced = await supervisor.restart();
      const afterRestart = writers.acknowledged();
      await live.until(() => writers.acknowledged() >= afterRestart + 20, 'writes acknowledged after the restart');
    } finally {
      await writers.stop();
    }

    assert.equal(replaced, 2);
    const now = workerPids();
    assert.equal(now.length, 2);
    assert.ok(now.every((pid) => !before.includes(pid)), `workers ${before} replaced by ${now}`);

    // The stream was handed off (its worker is gone), with the drain's retry hint, and is live again.
    await live.until(() => live.connections.length >= 2 && (live.connections.at(-1)?.readies ?? 0) > 0, 'a reconnected stream');
    assert.equal(live.gaveUp, null);
    const handedOff = live.connections.filter((c) => c.status === 200 && c.ended !== null && c.ended !== 'closed');
    assert.ok(handedOff.length >= 1);
    for (const connection of handedOff) assert.equal(connection.lastRetryMs, 1000, `a handed-off stream ends with retry: 1000, got ${connection.text}`);
    const note = await fetch(`${baseUrl}/api/activity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ticket_id: ticketId, note: `${prefix}after` }),
    });
    assert.equal(note.status, 201);
    const current = live.connections.at(-1)!;
    await live.until(() => current.text.includes(`/ticket/${ticketId}/activity`), 'the new note on the reconnected stream');
    await live.close();
    await supervisor.stop();

    const stored = new Set(await notesStartingWith(dataDir, prefix));
    const acknowledged = writers.outcomes.filter((o) => o.status === 201).map((o) => o.note);
    const refused = writers.outcomes.filter((o) => o.status !== 201);
    const lost = acknowledged.filter((n) => !stored.has(n));
    assert.deepEqual(lost, [], 'acknowledged writes missing from the database');
    // Refused cleanly: a 503 or a connection closed before the request was read, and nothing written.
    for (const o of refused) assert.ok(o.failure === '503' || o.status === null, `refused with ${o.failure}`);
    assert.deepEqual(refused.filter((o) => stored.has(o.note)).map((o) => o.note), [], 'refused writes that were written all the same');
    assert.equal(stored.size, acknowledged.length + 1);
  });
});
