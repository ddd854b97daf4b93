import { requestRemotesMapEarly } from './federation/remotes-map-request';

requestRemotesMapEarly();

// The async boundary: shared singletons are negotiated before any React code runs (RUNTIME-006 otherwise).
void import('./bootstrap');

export {};
