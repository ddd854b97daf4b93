export { useSession, viewerOf, browserTimeZone, SESSION_STORAGE_KEY } from './session-store';
export type { SessionData, SessionActions, SessionState, SessionFilters, Viewer } from './session-store';
