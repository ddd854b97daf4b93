// The federation surface `companies/MaintenancePrefs`; its props are `MaintenancePrefsProps` in @portal/ui.
export { MaintenancePrefs } from './features/maintenance-prefs/maintenance-prefs';
