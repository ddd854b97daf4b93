import { Box } from '@chakra-ui/react';
import { Navigate, useParams } from 'react-router-dom';
import { canSeeAdminLinks } from '@portal/domain';
import { useViewer } from '@portal/session';
import { NotAuthorized, NotFoundPage } from '@portal/ui';
import { CrmLayout } from './components/crm-layout';
import { SettingsLayout } from './components/settings-layout';
import { useT } from './messages';
import { SettingsPage } from './settings-pages';
import { CRM_SECTIONS, DEFAULT_CRM_SECTION, isCrmSection, isSettingsTab, settingsPath } from './settings-tabs';

/**
 * /admins/settings/{tab}/{section}: group 1 only (the shell's guard and the API refuse others too).
 * The features do not know each other: this page composes them, each loaded when its tab is opened.
 */
export function AdminSettingsPage() {
  const { tab, section } = useParams();
  const viewer = useViewer();
  const t = useT();
  if (!viewer || !canSeeAdminLinks(viewer)) return <NotAuthorized />;
  if (!isSettingsTab(tab)) return <NotFoundPage />;

  if (tab === 'crm') {
    if (section === undefined) return <Navigate replace to={settingsPath('crm', DEFAULT_CRM_SECTION)} />;
    if (!isCrmSection(section)) return <NotFoundPage />;
    const found = CRM_SECTIONS.find((s) => s.key === section);
    const label = found ? t(found.label) : section;
    return (
      <SettingsLayout current="crm">
        <CrmLayout current={section}>
          <Box aria-label={label} as="section"><SettingsPage page={`crm/${section}`} /></Box>
        </CrmLayout>
      </SettingsLayout>
    );
  }
  if (section !== undefined) return <NotFoundPage />;
  return (
    <SettingsLayout current={tab}>
      <SettingsPage page={tab} />
    </SettingsLayout>
  );
}
