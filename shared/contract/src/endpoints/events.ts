import type { EndpointTable } from './endpoint';

/**
 * The live stream (docs/decisions/0001-server-sent-events-for-live-updates.md): the stream itself (Server-Sent
 * Events, no JSON answer: the browser's EventSource opens it), a tab's watch list, its safety-net check and its presence on a
 * ticket. The paths are @portal/domain's LIVE_EVENTS_PATH, LIVE_WATCH_PATH, LIVE_CHECK_PATH and LIVE_PRESENCE_PATH (endpoints.test.ts).
 */
export const eventEndpoints = {
  liveEvents: { method: 'GET', path: '/events' },
  liveWatch: { method: 'POST', path: '/events/watch', body: 'liveWatchRequest', answer: 'okAnswer' },
  liveCheck: { method: 'POST', path: '/events/check', body: 'liveCheckRequest', answer: 'liveCheckAnswer' },
  livePresence: { method: 'POST', path: '/events/presence', body: 'livePresenceRequest', answer: 'okAnswer' },
} as const satisfies EndpointTable;
