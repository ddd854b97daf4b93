import { carryTypedFields } from '@portal/ui/prerendered-fields';
import { showFailedPanel } from './failed-panel';

// The sign-in page of its own (docs/architecture.md#weight): a cold visit to / or /login without a
// session gets the prerendered form with this script instead of the shell's, and no federation
// runtime. First thing, typing and a click on Sign In or Enter are held; the app chunk (React,
// Chakra, the form) renders the real form over the prerendered one and they carry over.
const root = document.querySelector<HTMLElement>('[data-portal-page]');
if (root) {
  carryTypedFields(root);
  // Named: the build lists its files (page/startup-files.json) for the server to preload.
  void import(/* webpackChunkName: "sign-in-app" */ './sign-in-app').then(
    ({ mountSignInPage }) => mountSignInPage(root),
    (error: unknown) => showFailedPanel(root, error),
  );
}

export {};
