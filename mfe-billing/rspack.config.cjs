const { createAppConfig } = require('@portal/build-config');

// Its name, dev port and routes are its entry in shared/build-config/remotes.json.
module.exports = createAppConfig({
  name: 'billing',
  dir: __dirname,
  exposes: {
    './routes': './src/routes.tsx',
  },
});
