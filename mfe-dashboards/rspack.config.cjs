const { createAppConfig } = require('@portal/build-config');

const config = createAppConfig({
  name: 'dashboards',
  dir: __dirname,
  devPort: 3002,
  exposes: { './routes': './src/routes.tsx' },
});

// Standalone, the client dashboard embeds the tickets remote's form: the deployed remotes map and
// builds come from the running portal, like /api.
config.devServer.proxy.push({
  context: ['/remotes.json', '/remotes'],
  target: process.env.PORTAL_API_URL || 'http://localhost:8080',
});

module.exports = config;
