const { createAppConfig } = require('@portal/build-config');

module.exports = createAppConfig({
  name: 'dashboards',
  dir: __dirname,
  devPort: 3002,
  exposes: { './routes': './src/routes.tsx' },
});
