const { createAppConfig, createPageConfig } = require('@portal/build-config');

// Its name, dev port and routes are its entry in shared/build-config/remotes.json. Besides the remote,
// the sign-in page of its own (src/sign-in), which a cold visit to / or /login gets without the shell.
module.exports = [
  createAppConfig({
    name: 'auth',
    dir: __dirname,
    exposes: { './routes': './src/routes.tsx' },
  }),
  createPageConfig({ name: 'auth', dir: __dirname, pages: { 'sign-in': './src/sign-in/index.ts' } }),
];
