const { createAppConfig } = require('@portal/build-config');

// Its name, dev port and routes are its entry in shared/build-config/remotes.json. Each exposed
// component's props type lives in @portal/ui (exposed-components.tsx), so embedders share it.
module.exports = createAppConfig({
  name: 'companies',
  dir: __dirname,
  exposes: {
    './routes': './src/routes.tsx',
    './ContactsEditor': './src/contacts-editor.tsx',
    './MaintenancePrefs': './src/maintenance-prefs.tsx',
    './CompanyInfoForm': './src/company-info-form.tsx',
  },
});
