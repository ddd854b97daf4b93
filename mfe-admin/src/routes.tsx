import { Navigate, Route, Routes } from 'react-router-dom';
import { auditMessages, featuresMessages, settingsMessages } from '@portal/features';
import { NotFoundPage } from '@portal/ui';
import { AdminSettingsPage } from './admin-settings-page';
import { ReleasesPage } from './features/releases/releases-page';
import { adminMessages } from './messages';
import { DEFAULT_CRM_SECTION, DEFAULT_TAB, settingsPath } from './settings-tabs';

/**
 * The shell renders these pages once the admin's language has arrived (docs/decisions/0024-message-catalogues.md): this
 * remote's texts and those of the shared widgets it shows (@portal/features).
 */
export const ready = Promise.all([adminMessages.preload(), featuresMessages.preload(), settingsMessages.preload(), auditMessages.preload()]);

// The shell reads a page's data ahead when a link to it is about to be followed (shell/src/features/prefetch).
export { pageReads } from './page-reads';

/** The admin remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="admin" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route path="admins/settings" element={<Navigate replace to={settingsPath(DEFAULT_TAB, DEFAULT_CRM_SECTION)} />} />
        <Route path="admins/settings/:tab" element={<AdminSettingsPage />} />
        <Route path="admins/settings/:tab/:section" element={<AdminSettingsPage />} />
        <Route path="admins/releases" element={<ReleasesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
