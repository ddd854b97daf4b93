import { eventEndpoints as api } from '@portal/contract/endpoints';
import type { PortalData } from './portal-data';
import { answer, mock, readBody } from './respond';

/**
 * The live stream's watch lists, safety-net checks and presence (the stream itself is the kit's fake, live-stream.ts): checked and
 * answered; tests read them from the recorded writes. The mock keeps no answers in memory, so a check names every key.
 */
export function eventHandlers(_db: PortalData) {
  return [
    mock(api.liveWatch, async ({ request }) => {
      const read = await readBody(request, api.liveWatch);
      if (!read.ok) return read.answer;
      return answer(api.liveWatch, { ok: true as const });
    }),
    mock(api.liveCheck, async ({ request }) => {
      const read = await readBody(request, api.liveCheck);
      if (!read.ok) return read.answer;
      return answer(api.liveCheck, { stale: read.body.keys.map((entry) => entry.key) });
    }),
    // Presence is told by the kit's fake stream (live-stream.ts `presence`); the request is checked and recorded.
    mock(api.livePresence, async ({ request }) => {
      const read = await readBody(request, api.livePresence);
      if (!read.ok) return read.answer;
      return answer(api.livePresence, { ok: true as const });
    }),
  ];
}
