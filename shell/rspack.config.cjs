const path = require('node:path');
const { createAppConfig } = require('@portal/build-config');

// In `npm run dev` the remotes run on their own dev servers; the shell's dev server answers
// /remotes.json with their addresses instead of the deployed map.
const devRemotes = {
  auth: { entry: 'http://localhost:3001/mf-manifest.json', version: 'dev' },
  dashboards: { entry: 'http://localhost:3002/mf-manifest.json', version: 'dev' },
  tickets: { entry: 'http://localhost:3003/mf-manifest.json', version: 'dev' },
};

module.exports = createAppConfig({
  name: 'shell',
  dir: __dirname,
  devPort: 3000,
  isHost: true,
  template: path.join(__dirname, 'public/index.html'),
  favicon: path.join(__dirname, 'public/favicon.svg'),
  devRemotes,
});
