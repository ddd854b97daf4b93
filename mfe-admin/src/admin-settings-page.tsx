import type { ReactElement } from 'react';
import { Box, Stack } from '@chakra-ui/react';
import { Navigate, useParams } from 'react-router-dom';
import { canSeeAdminLinks } from '@portal/domain';
import { useViewer } from '@portal/session';
import { NotAuthorized, NotFoundPage } from '@portal/ui';
import { AuditTrail } from './features/audit-trail/audit-trail';
import { ComingSoon } from './components/coming-soon';
import { CrmLayout } from './components/crm-layout';
import { SettingsLayout } from './components/settings-layout';
import { DefaultListsTab } from './features/default-lists/default-lists-tab';
import { ManageAgents } from './features/manage-agents/manage-agents';
import { ManageCompanies } from './features/manage-companies/manage-companies';
import { MailIn } from './features/mail-in/mail-in';
import { MessageCentre } from './features/message-centre/message-centre';
import { PortalLocaleCard } from './features/portal-locale/portal-locale-card';
import { SharedSavedReplies } from './features/saved-replies/shared-saved-replies';
import { TagSettings } from './features/tags/tag-settings';
import { MaintenanceSettings } from './features/maintenance/maintenance-settings';
import { ResponseTimesSettings } from './features/response-times/response-times-settings';
import { SecurityPolicySettings } from './features/security-policy/security-policy-settings';
import { GlobalTypeAssignments } from './features/type-assignments/global-type-assignments';
import { WebhooksTab } from './features/webhooks/webhooks-tab';
import { useT } from './messages';
import {
  CRM_SECTIONS, DEFAULT_CRM_SECTION, isCrmSection, isSettingsTab, settingsPath, type CrmSection, type SettingsTab,
} from './settings-tabs';


const CRM_CONTENT: Record<CrmSection, () => ReactElement> = {
  direct: () => <MessageCentre />,
  agents: () => <ManageAgents />,
  companies: () => <ManageCompanies />,
  'mail-in': () => <MailIn />,
  flows: () => <ComingSoon section="flows" />,
  campaigns: () => <ComingSoon section="campaigns" />,
};

const TAB_CONTENT: Record<Exclude<SettingsTab, 'crm'>, () => ReactElement> = {
  assignments: () => <GlobalTypeAssignments />,
  defaults: () => <Stack gap="8"><DefaultListsTab /><PortalLocaleCard /></Stack>,
  replies: () => <SharedSavedReplies />,
  tags: () => <TagSettings />,
  'response-times': () => <ResponseTimesSettings />,
  maintenance: () => <MaintenanceSettings />,
  audit: () => <AuditTrail />,
  security: () => <SecurityPolicySettings />,
  webhooks: () => <WebhooksTab />,
};

/**
 * /admins/settings/{tab}/{section}: group 1 only (the shell's guard and the API refuse others too).
 * The features do not know each other: this page composes them.
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
          <Box aria-label={label} as="section">{CRM_CONTENT[section]()}</Box>
        </CrmLayout>
      </SettingsLayout>
    );
  }
  if (section !== undefined) return <NotFoundPage />;
  return (
    <SettingsLayout current={tab}>
      {TAB_CONTENT[tab]()}
    </SettingsLayout>
  );
}
