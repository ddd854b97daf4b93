import { Route, Routes } from 'react-router-dom';
import { COMPANY_PROFILE_TABS } from '@portal/domain';
import { hourBankMessages, settingsMessages } from '@portal/features';
import { NotFoundPage } from '@portal/ui';
import { companiesMessages } from './messages';
import { ProfileSettingsPage } from './profile-settings-page';

// The shell reads a page's data ahead when a link to it is about to be followed (shell/src/features/prefetch).
export { pageReads } from './page-reads';

/**
 * The shell renders these pages once the person's language has arrived (docs/decisions/0024-message-catalogues.md): this
 * remote's texts and those of the shared widgets it shows (@portal/features).
 */
export const ready = Promise.all([companiesMessages.preload(), settingsMessages.preload(), hourBankMessages.preload()]);

/** The companies remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="companies" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        {COMPANY_PROFILE_TABS.map((tab) => (
          <Route key={tab} path={`clients/:clientId/${tab}`} element={<ProfileSettingsPage tab={tab} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
