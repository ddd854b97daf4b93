import { requestRemotesMapEarly } from './federation/remotes-map-request';

requestRemotesMapEarly();

// The async boundary: shared singletons are negotiated before any React code runs (RUNTIME-006 otherwise).
// Named: the build lists this chunk group's files (startup-files.json) for the server to preload.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');

export {};
