import { http } from 'msw';
import { LIVE_CHECK_PATH, LIVE_WATCH_PATH, liveCheckAnswer, liveCheckRequest, liveWatchRequest, okAnswer } from '@portal/contract';
import type { PortalData } from './portal-data';
import { apiRoute, readBody, reply } from './respond';

/**
 * The live stream's watch lists and safety-net checks (the stream itself is the kit's fake, live-stream.ts): checked and
 * answered; tests read them from the recorded writes. The mock keeps no answers in memory, so a check names every key.
 */
export function eventHandlers(_db: PortalData) {
  return [
    http.post(apiRoute(LIVE_WATCH_PATH), async ({ request }) => {
      const read = await readBody(request, liveWatchRequest);
      if (!read.ok) return read.answer;
      return reply(okAnswer, { ok: true as const });
    }),
    http.post(apiRoute(LIVE_CHECK_PATH), async ({ request }) => {
      const read = await readBody(request, liveCheckRequest);
      if (!read.ok) return read.answer;
      return reply(liveCheckAnswer, { stale: read.body.keys.map((entry) => entry.key) });
    }),
  ];
}
