import { Navigate, Route, Routes } from 'react-router-dom';
import { featuresMessages, settingsMessages } from '@portal/features';
import { NotFoundPage } from '@portal/ui';
import { AdminSettingsPage } from './admin-settings-page';
import { adminMessages } from './messages';
import { preloadPage, SettingsPage } from './settings-pages';
import { DEFAULT_CRM_SECTION, DEFAULT_TAB, settingsPath } from './settings-tabs';

/**
 * The shell renders these pages once the admin's language has arrived (docs/decisions/0024-message-catalogues.md): this
 * remote's texts and those of the shared widgets it shows (@portal/features); and once the code of the page it opens on
 * is in (each tab is a chunk of its own: settings-pages.tsx), so the first screen draws whole.
 */
export const ready = Promise.all([
  adminMessages.preload(), featuresMessages.preload(), settingsMessages.preload(),
  typeof window === 'undefined' ? undefined : preloadPage(window.location.pathname),
]);

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
        <Route path="admins/releases" element={<SettingsPage page="releases" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
