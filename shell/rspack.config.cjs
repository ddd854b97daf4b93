const path = require('node:path');
const { createAppConfig } = require('@portal/build-config');

// In `npm run dev` the shell's dev server answers /remotes.json with every listed remote's own dev
// server (shared/build-config/remotes.json) instead of the deployed map.
module.exports = createAppConfig({
  name: 'shell',
  dir: __dirname,
  isHost: true,
  template: path.join(__dirname, 'public/index.html'),
  favicon: path.join(__dirname, 'public/favicon.svg'),
});
