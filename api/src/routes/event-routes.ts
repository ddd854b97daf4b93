import { eventEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { createWindowLimit, type WindowLimit } from '../services/window-limit';
import { requireViewer } from '../policy';
import { endpointRoute } from './endpoint-route';

/** Over the person's calls of this window (LIVE_*_RATE_LIMIT_MAX): 429, and nothing is done. */
function refuseOverLimit(limit: WindowLimit, contactId: number): void {
  if (!limit.take(contactId)) throw new HttpError(429, MESSAGES.tooManyRequests);
}

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const { checks, watches, timeWindowMs } = app.config.liveRateLimit;
  const watchLimit = createWindowLimit({ max: watches, timeWindowMs });
  const checkLimit = createWindowLimit({ max: checks, timeWindowMs });

  endpointRoute(
    app,
    api.liveEvents,
    {
      tags: ['events'],
      summary: 'The live stream of one signed-in tab (Server-Sent Events): `ready` on open, then `stale` with the SWR keys that changed for the viewer',
      description: 'A `: ping` comment every heartbeat (15 s); the session is re-read every few beats and the stream ends when it is revoked or expired. '
        + 'Events name only keys the viewer may read, and once the tab has sent a watch list (POST /events/watch, with the stream id `ready` gives) only keys it shows; '
        + 'on `ready` (open, or after a gap) the client revalidates what it shows.',
      errors: [401],
      schema: { produces: ['text/event-stream'] },
    },
    async (request, reply) => {
      app.events.openStream(request, reply, requireViewer(request.viewer));
    },
  );

  endpointRoute(
    app,
    api.liveWatch,
    {
      tags: ['events'],
      summary: "Which keys a tab's live stream is to name from now on: the paths of the SWR keys it shows (null: every key)",
      description: 'Goes to the process holding the stream (any process may answer), which applies it if the stream is the caller\'s and `seq` is newer '
        + 'than the last list applied; keys that were not watched before are checked against the last 10 s of changes. `ok` whether or not the stream is still open. '
        + 'At most LIVE_WATCH_RATE_LIMIT_MAX (600) a minute per person and process, then 429.',
      errors: [400, 401, 429],
    },
    async (request) => {
      const { contactId } = requireViewer(request.viewer);
      refuseOverLimit(watchLimit, contactId);
      const { stream, seq, keys } = request.body;
      await app.events.publish({ kind: 'watch', contactId, stream, seq, keys });
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.liveCheck,
    {
      tags: ['events'],
      summary: "The tab's safety net in one request: which of the keys it polls slowly while its stream is open may have changed",
      description: 'Each key (an API path with its query) comes with the ETag of the answer the tab shows. A key is unchanged only when this '
        + 'process holds that ETag as its current answer for the caller, as a poll with that If-None-Match would get a 304 from memory '
        + '(docs/architecture.md#answers-from-memory); every other key is named in `stale`, and the tab reads it again. Nothing is read from the database. '
        + 'At most LIVE_CHECK_RATE_LIMIT_MAX (240) a minute per person and process, then 429.',
      errors: [400, 401, 429],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      refuseOverLimit(checkLimit, viewer.contactId);
      // A process behind the changes the tab has seen cannot vouch for any answer (change-sequence.ts).
      const stale = request.body.keys
        .filter(({ key, etag }) => etag === null || !request.current || !app.pollCache.holds(viewer, requestUrlOf(key), etag))
        .map(({ key }) => key);
      return { stale };
    },
  );
}

/** The request URL a browser sends for the SWR key `key` (fetch of `/api` + key, normalized as a URL). */
export function requestUrlOf(key: string): string {
  const url = new URL(`/api${key}`, 'http://portal.invalid');
  return `${url.pathname}${url.search}`;
}
