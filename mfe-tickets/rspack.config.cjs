const { createAppConfig } = require('@portal/build-config');

// Its name, dev port and routes are its entry in shared/build-config/remotes.json. Each exposed
// component's props type lives in @portal/ui (exposed-components.ts), so embedders share it.
module.exports = createAppConfig({
  name: 'tickets',
  dir: __dirname,
  exposes: { './routes': './src/routes.tsx', './NewTicketForm': './src/new-ticket-form.tsx' },
});
