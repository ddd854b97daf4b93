import { http } from 'msw';
import { LIVE_WATCH_PATH, liveWatchRequest, okAnswer } from '@portal/contract';
import type { PortalData } from './portal-data';
import { apiRoute, readBody, reply } from './respond';

/** The live stream's watch lists (the stream itself is the kit's fake, live-stream.ts): checked and answered; tests read them from the recorded writes. */
export function eventHandlers(_db: PortalData) {
  return [
    http.post(apiRoute(LIVE_WATCH_PATH), async ({ request }) => {
      const read = await readBody(request, liveWatchRequest);
      if (!read.ok) return read.answer;
      return reply(okAnswer, { ok: true as const });
    }),
  ];
}
