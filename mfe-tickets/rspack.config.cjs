const { createAppConfig } = require('@portal/build-config');

module.exports = createAppConfig({
  name: 'tickets',
  dir: __dirname,
  devPort: 3003,
  exposes: { './routes': './src/routes.tsx', './NewTicketForm': './src/new-ticket-form.tsx' },
});
