import { carryTypedFields } from './app/prerendered-fields';
import { requestRemotesMapEarly } from './federation/remotes-map-request';

requestRemotesMapEarly();
// A public page rendered at build time is up and takes what is typed, and a click on Sign In, from
// now on; React's first commit (bootstrap) replaces it, and what was typed carries over then.
const root = document.getElementById('root');
if (root) carryTypedFields(root);

// The async boundary: shared singletons are negotiated before any React code runs (RUNTIME-006 otherwise).
// Named: the build lists this chunk group's files (startup-files.json) for the server to preload.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');

export {};
