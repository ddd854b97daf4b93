import { z } from 'zod';
import {
  isWatchList, LIVE_CHECK_ETAG_MAX_CHARS, LIVE_CHECK_KEY_MAX_CHARS, LIVE_CHECK_MAX_KEYS, LIVE_STREAM_ID, LIVE_WATCH_KEY_MAX_CHARS, LIVE_WATCH_MAX_CHARS, LIVE_WATCH_MAX_KEYS,
  PRESENCE_ACTIVITIES,
} from '@portal/domain';

// The stream's path and event names are @portal/domain's (live-events.ts): the api-client opens the
// stream without loading the contract's schemas.
export { LIVE_EVENTS_PATH, LIVE_EVENT_STALE, LIVE_EVENT_READY, LIVE_WATCH_PATH, LIVE_CHECK_PATH, LIVE_EVENT_PRESENCE, LIVE_PRESENCE_PATH } from '@portal/domain';

/**
 * The data of a `stale` event: the SWR keys (API paths) that went stale for this viewer (see `keyMatches`), and the
 * number of the change that made them so: the tab reads them again at that number (CHANGE_SEQ_HEADER).
 */
export const liveStaleEvent = z.object({ keys: z.array(z.string()), seq: z.number().int().min(0).optional() });
export type LiveStaleEvent = z.infer<typeof liveStaleEvent>;

/** The data of a `ready` event: the stream's id, for POST /events/watch (absent from a server before watch lists). */
export const liveReadyEvent = z.object({ stream: z.string().regex(LIVE_STREAM_ID).optional(), seq: z.number().int().min(0).optional() });
export type LiveReadyEvent = z.infer<typeof liveReadyEvent>;

/** POST /events/watch: the paths of the SWR keys the tab of stream `stream` shows; null for every key. */
export const liveWatchRequest = z.object({
  stream: z.string().regex(LIVE_STREAM_ID, 'Not a stream id.'),
  /** Counts the tab's lists on this stream: a list older than one already applied is ignored. */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  keys: z.array(z.string()).nullable().refine((keys) => keys === null || isWatchList(keys),
    `At most ${LIVE_WATCH_MAX_KEYS} different API paths without queries, ${LIVE_WATCH_KEY_MAX_CHARS} characters each and ${LIVE_WATCH_MAX_CHARS} in all: send null to watch every key.`),
});
export type LiveWatchRequest = z.infer<typeof liveWatchRequest>;

/** POST /events/check: the keys the tab polls at the safety net, each with the ETag of the answer it shows. */
export const liveCheckRequest = z.object({
  keys: z.array(z.object({
    key: z.string().min(1).max(LIVE_CHECK_KEY_MAX_CHARS).startsWith('/', 'Not an API path.'),
    etag: z.string().max(LIVE_CHECK_ETAG_MAX_CHARS).nullable(),
  })).max(LIVE_CHECK_MAX_KEYS, `At most ${LIVE_CHECK_MAX_KEYS} keys a check.`),
});
export type LiveCheckRequest = z.infer<typeof liveCheckRequest>;

/** The keys of a check whose answer may have changed (or that this process cannot vouch for): the tab reads them again. */
export const liveCheckAnswer = z.object({ stale: z.array(z.string()) });
export type LiveCheckAnswer = z.infer<typeof liveCheckAnswer>;

/**
 * POST /events/presence: what the tab of stream `stream` does on ticket `ticket_id` now (docs/product/tickets.md#who-is-on-the-ticket):
 * shows it, types a reply, types an internal note (staff only); null when it left.
 */
export const livePresenceRequest = z.object({
  stream: z.string().regex(LIVE_STREAM_ID, 'Not a stream id.'),
  ticket_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  activity: z.enum(PRESENCE_ACTIVITIES).nullable(),
});
export type LivePresenceRequest = z.infer<typeof livePresenceRequest>;

/** The data of a `presence` event: who else is on ticket `ticketId`, as the stream's viewer may see them (presenceSeenBy). */
export const livePresenceEvent = z.object({
  ticketId: z.number().int(),
  people: z.array(z.object({ contactId: z.number().int().nullable(), name: z.string().nullable(), activity: z.enum(PRESENCE_ACTIVITIES) })),
});
export type LivePresenceEvent = z.infer<typeof livePresenceEvent>;
