import { z } from 'zod';

/** GET /events: one Server-Sent Events stream per signed-in tab (DESIGN §9). */
export const LIVE_EVENTS_PATH = '/events';

/** SSE event names: `stale` names SWR keys to revalidate; `ready` opens the stream (the client catches up on it). */
export const LIVE_EVENT_STALE = 'stale';
export const LIVE_EVENT_READY = 'ready';

/** The data of a `stale` event: the SWR keys (API paths) that went stale for this viewer (see `keyMatches`). */
export const liveStaleEvent = z.object({ keys: z.array(z.string()) });
export type LiveStaleEvent = z.infer<typeof liveStaleEvent>;
