import { z } from 'zod';

// The stream's path and event names are @portal/domain's (live-events.ts): the api-client opens the
// stream without loading the contract's schemas.
export { LIVE_EVENTS_PATH, LIVE_EVENT_STALE, LIVE_EVENT_READY } from '@portal/domain';

/** The data of a `stale` event: the SWR keys (API paths) that went stale for this viewer (see `keyMatches`). */
export const liveStaleEvent = z.object({ keys: z.array(z.string()) });
export type LiveStaleEvent = z.infer<typeof liveStaleEvent>;
