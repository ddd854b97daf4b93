export { useSession, useViewer, useFormats, viewerOf, browserTimeZone, SESSION_STORAGE_KEY } from './session-store';
export type { SessionData, SessionActions, SessionState, SessionFilters } from './session-store';
export { signOutLocally, useLocalSignOut } from './local-sign-out';
