import { Route, Routes } from 'react-router-dom';
import type { Contact } from '@portal/contract';
import { COMPANY_PROFILE_TABS } from '@portal/domain';
import { renderWithPortal, type RenderWithPortalOptions } from '@portal/testing';
import { ProfileSettingsPage } from '../profile-settings-page';

/** The profile settings page at /clients/{companyId}/{tab}, signed in as `viewer`, over the kit's mock API. */
export function renderProfile(path: string, viewer: Contact, options: Omit<RenderWithPortalOptions, 'route' | 'viewer' | 'stops'> = {}) {
  return renderWithPortal(
    <Routes>
      {COMPANY_PROFILE_TABS.map((tab) => (
        <Route key={tab} path={`/clients/:clientId/${tab}`} element={<ProfileSettingsPage tab={tab} />} />
      ))}
    </Routes>,
    { ...options, route: path, viewer, stops: ['/admins'] },
  );
}
