import { carryClicks, carryTypedFields } from '@portal/ui/prerendered-fields';
import { requestRemotesMapEarly } from './federation/remotes-map-request';

requestRemotesMapEarly();
// A page rendered at build time is up and takes what is typed, and a click on Sign In or Sign Out, from
// now on; React's first commit (bootstrap) replaces it, and what was typed, and the click, carry over then.
const root = document.getElementById('root');
if (root) {
  carryTypedFields(root);
  carryClicks(root);
}

// The async boundary: shared singletons are negotiated before any React code runs (RUNTIME-006 otherwise).
// Named: the build lists this chunk group's files (startup-files.json) for the server to preload.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');

export {};
