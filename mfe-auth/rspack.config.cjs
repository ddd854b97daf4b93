const { createAppConfig } = require('@portal/build-config');

module.exports = createAppConfig({
  name: 'auth',
  dir: __dirname,
  devPort: 3001,
  exposes: { './routes': './src/routes.tsx' },
});
