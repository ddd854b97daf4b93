import http from 'node:http';
import { Samples, wallClock } from './push-load-samples';
import { SOURCE_ADDRESSES, Tab, UPSTREAM_POOL_SOCKETS } from './push-load-tab';
import type { User } from './push-load-users';

// One load generator process of bench/bench-push.ts (forked by `Generators` in lib/push-load.ts): it runs
// its share of the simulated tabs with its own sockets and sends back raw latencies, so the parent
// merges them exactly. Messages from the parent, in order:
//   { type: 'open', users, port, live, streams, idleMs, index }  -> { type: 'opened', failed }
//   { type: 'poll' }                  starts the polls (in push mode at the 30 s safety net)
//   { type: 'count' } / { type: 'pause' }  starts / stops counting
//   { type: 'watch', key }            records when each stream is told that `key` went stale
//   { type: 'collect' }               -> { type: 'samples', data, told } (told: wall-clock ms of each stream told)
//   { type: 'close' }                 closes every tab and exits

type Message =
  | { type: 'open'; users: User[]; port: number; live: boolean; streams: boolean; idleMs: number; index: number }
  | { type: 'poll' } | { type: 'count' } | { type: 'pause' } | { type: 'collect' } | { type: 'close' }
  | { type: 'watch'; key: string | null };

const samples = new Samples();
samples.counting = false;
let tabs: Tab[] = [];
let live = false;
let watching: string | null = null;
let told: number[] = [];
/** With push on, the tabs' requests share this pool (see UPSTREAM_POOL_SOCKETS). */
let pool: http.Agent | undefined;

const send = (message: unknown) => process.send?.(message);

async function open(message: Extract<Message, { type: 'open' }>): Promise<void> {
  live = message.live;
  pool = live ? new http.Agent({ keepAlive: true, maxSockets: UPSTREAM_POOL_SOCKETS }) : undefined;
  tabs = message.users.map((user, i) => new Tab(user, message.port, samples, `127.0.0.${2 + ((message.index + i) % SOURCE_ADDRESSES)}`, message.idleMs, pool));
  let failed = 0;
  if (message.streams) {
    const onStale = (keys: string[]) => {
      if (watching && keys.includes(watching)) told.push(wallClock());
    };
    // Tabs open in batches, as they do over time, not all in the same millisecond. A tab opens as a page
    // does: its screen's first reads (not counted) and its stream, side by side; the measured window
    // that follows is the steady state of signed-in users (the safety-net polls with their ETags, the
    // keys their streams name).
    for (let i = 0; i < tabs.length; i += 200) {
      const results = await Promise.allSettled(tabs.slice(i, i + 200).map((tab) => Promise.all([tab.openStream(onStale), live ? tab.load() : undefined])));
      failed += results.filter((r) => r.status === 'rejected').length;
    }
  }
  send({ type: 'opened', failed });
}

process.on('message', (message: Message) => {
  switch (message.type) {
    case 'open':
      void open(message);
      break;
    case 'poll':
      for (const tab of tabs) tab.startPolling(live);
      break;
    case 'count':
      samples.counting = true;
      break;
    case 'pause':
      samples.counting = false;
      break;
    case 'watch':
      watching = message.key;
      told = [];
      break;
    case 'collect':
      send({ type: 'samples', data: samples.toJSON(), told });
      break;
    case 'close':
      for (const tab of tabs) tab.close();
      pool?.destroy();
      setTimeout(() => process.exit(0), 200);
      break;
  }
});
// Gone with the parent, whatever happens to it.
process.on('disconnect', () => process.exit(0));
