import { eventEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, PRESENCE_NAME_MAX_CHARS, canWriteInternalNote } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { createWindowLimit, type WindowLimit } from '../services/window-limit';
import { authorize, requireViewer } from '../policy';
import { endpointRoute } from './endpoint-route';
import { ticketForViewer } from './route-helpers';

/** Over the person's calls of this window (LIVE_*_RATE_LIMIT_MAX): 429, and nothing is done. */
function refuseOverLimit(limit: WindowLimit, contactId: number): void {
  if (!limit.take(contactId)) throw new HttpError(429, MESSAGES.tooManyRequests);
}

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const { checks, watches, timeWindowMs } = app.config.liveRateLimit;
  const watchLimit = createWindowLimit({ max: watches, timeWindowMs });
  const checkLimit = createWindowLimit({ max: checks, timeWindowMs });
  const presenceLimit = createWindowLimit({ max: watches, timeWindowMs });

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
    api.livePresence,
    {
      tags: ['events'],
      summary: 'What a tab does on a ticket now (shows it, types a reply or an internal note; null: left): told to the tabs showing the ticket as `presence` events',
      description: 'For the caller\'s stream (the id `ready` gives), on a ticket the caller may read (404, 403 otherwise); an internal note is staff only (403). '
        + 'Goes to every process through the live transport; each tells its streams that show the ticket who is on it as their viewer may see them '
        + '(docs/product/tickets.md#who-is-on-the-ticket). The stream\'s process says it again while the stream is open; when it closes, the tab left. '
        + 'At most LIVE_WATCH_RATE_LIMIT_MAX (600) a minute per person and process, then 429.',
      errors: [400, 401, 403, 404, 429],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      refuseOverLimit(presenceLimit, viewer.contactId);
      const { stream, ticket_id: ticketId, activity } = request.body;
      const { contactId, groupId } = viewer;
      // Leaving takes away only the caller's own presence: nothing to read (the ticket may be gone).
      if (activity === null) {
        await app.events.publish({ kind: 'presence', contactId, stream, ticketId, companyId: 0, name: '', groupId, activity });
        return { ok: true as const };
      }
      const ticket = await ticketForViewer(app, viewer, ticketId);
      if (activity === 'noting') authorize(viewer, canWriteInternalNote);
      const name = ((await app.repos.contacts.fullName(contactId)) ?? '').slice(0, PRESENCE_NAME_MAX_CHARS);
      await app.events.publish({ kind: 'presence', contactId, stream, ticketId, companyId: ticket.company_id, name, groupId, activity });
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
