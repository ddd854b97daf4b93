import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_PASSWORD, aTab, field, signIn, startTwoWorkers, type Tab, type TwoWorkers } from './fixtures/two-portal-workers.js';

// Sessions held in memory (docs/architecture.md#sessions-in-memory) across processes, from outside: two real API
// processes on one SQLite file both hold a session; it ends through one (signed out, the password changed, the contact
// deactivated), and its very next request through the other is refused, whether it names the highest change number
// its tab has seen or none (docs/decisions/0017-read-your-writes-by-change-sequence.md). The relay holds every copy
// of a change for the other process a little (fixtures/slow-relay.ts): that request comes before the change does.

const ROUNDS = 20;
const HOLD_MS = 10;

describe('a session ended through one API process, on the other', () => {
  let portal: TwoWorkers;

  before(async () => {
    portal = await startTwoWorkers();
    portal.relay.holdMs = () => HOLD_MS;
  });

  after(async () => {
    await portal.stop();
  });

  /** A new client with a password, signed in nowhere yet. */
  const aClient = async (name: string): Promise<{ id: number; email: string }> => {
    const { urls, cookies } = portal;
    const tab = aTab(true);
    const email = `${name.toLowerCase()}-${Date.now()}@sessions.test`;
    const created = await tab.call(urls[0], 'POST', '/api/contact', cookies.admin, { first_name: name, last_name: 'Reader', email, group_id: 5 });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = field(created, 'contact_id') as number;
    assert.equal((await tab.call(urls[0], 'PUT', `/api/contact/${id}`, cookies.admin, { password: DEMO_PASSWORD })).status, 200);
    return { id, email };
  };
  /** The session's next request through `base` (a polled read, answered from memory when held): its status. */
  const nextStatus = async (tab: Tab, base: string, contactId: number, cookie: string, namesSeq: boolean) =>
    (await (namesSeq ? tab : aTab(false)).call(base, 'GET', `/api/contact/${contactId}/notifications`, cookie)).status;
  /** Both processes hold the session and its answer: the second read of each is from memory. */
  const heldOnBoth = async (tab: Tab, contactId: number, cookie: string) => {
    for (const base of portal.urls) for (let k = 0; k < 2; k += 1) assert.equal(await nextStatus(tab, base, contactId, cookie, true), 200);
  };
  /** Round r ends the session through one process and asks the other; every other pair of rounds names no number. */
  const sides = (round: number) => {
    const [one, two] = portal.urls;
    return { here: round % 2 === 0 ? one : two, there: round % 2 === 0 ? two : one, namesSeq: round % 4 < 2 };
  };
  const report = (what: string, started: number, failures: readonly string[]) =>
    console.log(`${what}: ${ROUNDS} rounds in ${((performance.now() - started) / 1000).toFixed(1)} s; answered after the end: ${failures.length}`);

  it(`signed out through one process: the session's next request through the other is refused (${ROUNDS} rounds)`, async () => {
    const { id, email } = await aClient('Leaving');
    const failures: string[] = [];
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { here, there, namesSeq } = sides(round);
      const tab = aTab(true);
      const cookie = await signIn(here, email);
      await heldOnBoth(tab, id, cookie);
      assert.equal((await tab.call(here, 'POST', '/api/auth/logout', cookie)).status, 200);
      // The very next request, with the number or without, then the other way.
      for (const naming of [namesSeq, !namesSeq]) {
        const status = await nextStatus(tab, there, id, cookie, naming);
        if (status !== 401) failures.push(`round ${round}, ${naming ? 'with' : 'without'} x-portal-seq: ${status}`);
      }
    }
    report('signed out', started, failures);
    assert.deepEqual(failures, []);
  });

  it(`a new password set through one process: another session's next request through the other is refused (${ROUNDS} rounds)`, async () => {
    const { id, email } = await aClient('Changing');
    const failures: string[] = [];
    let password = DEMO_PASSWORD;
    const changer = await signIn(portal.urls[0], email);
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { here, there, namesSeq } = sides(round);
      const tab = aTab(true);
      const other = await signIn(there, email, password);
      await heldOnBoth(tab, id, other);
      const next = `changed-secret-${round}`;
      const changed = await tab.call(here, 'PUT', `/api/contact/${id}`, changer, { password: next, current_password: password });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      password = next;
      const status = await nextStatus(tab, there, id, other, namesSeq);
      if (status !== 401) failures.push(`round ${round}, ${namesSeq ? 'with' : 'without'} x-portal-seq: ${status}`);
      // The changer's own session stays.
      assert.equal(await nextStatus(tab, there, id, changer, true), 200);
    }
    report('password changed', started, failures);
    assert.deepEqual(failures, []);
  });

  it(`a contact deactivated through one process: its session's next request through the other is refused (${ROUNDS} rounds)`, async () => {
    const failures: string[] = [];
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { here, there, namesSeq } = sides(round);
      const { id, email } = await aClient(`Deactivated${round}`);
      const tab = aTab(true);
      const cookie = await signIn(there, email);
      await heldOnBoth(tab, id, cookie);
      assert.equal((await tab.call(here, 'DELETE', `/api/contact/${id}`, portal.cookies.admin)).status, 200);
      const status = await nextStatus(tab, there, id, cookie, namesSeq);
      if (status !== 401) failures.push(`round ${round}, ${namesSeq ? 'with' : 'without'} x-portal-seq: ${status}`);
    }
    report('deactivated', started, failures);
    assert.deepEqual(failures, []);
  });
});
