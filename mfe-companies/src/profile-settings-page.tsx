import type { ReactElement } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { useCompany } from '@portal/api-client';
import {
  MESSAGES, canAdministerAccountSecurity, canManageCompanySettings, canSetHourBank, canOpenCompanyProfile, companyProfileTabsFor,
  type CompanyProfileTab,
} from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useViewer } from '@portal/session';
import { ErrorAlert, NotAuthorized } from '@portal/ui';
import { ProfileSettingsLayout } from './components/profile-settings-layout';
import { CompanyInfoTab } from './features/company-info/company-info-tab';
import { ContactsEditor } from './features/contacts/contacts-editor';
import { DeleteCompanyTab } from './features/delete-company/delete-company-tab';
import { MaintenancePrefs } from './features/maintenance-prefs/maintenance-prefs';
import { TypeAssignmentsTab } from './features/type-assignments/type-assignments-tab';
import { HourBankSettings } from './features/hour-bank/hour-bank-settings';
import { PlanHours } from '@portal/features';


/**
 * /clients/{clientId}/{tab}: the gate (staff and the company's primary contacts; the API refuses
 * everyone else too), the loading line, then the tab. The features do not know each other: this
 * page composes them.
 */
export function ProfileSettingsPage({ tab }: { tab: CompanyProfileTab }) {
  const params = useParams();
  const viewer = useViewer();
  const messageText = useMessageText();
  const companyId = Number(params.clientId);
  const allowed = viewer !== null && Number.isInteger(companyId) && companyId > 0 && canOpenCompanyProfile(viewer, companyId);
  const { data: company, error } = useCompany(allowed ? companyId : null);

  if (!allowed) return <NotAuthorized />;
  const tabs = companyProfileTabsFor(viewer);
  if (!tabs.includes(tab)) return <NotAuthorized />;
  if (error && !company) return <Box p="6"><ErrorAlert message={error} /></Box>;
  if (!company) return <Text p="6">{messageText(MESSAGES.loadingCompanyInfo)}</Text>;

  const content: Record<CompanyProfileTab, () => ReactElement> = {
    info: () => (
      <Stack gap="6">
        <CompanyInfoTab key={company.company_id} company={company} viewer={viewer} />
        <PlanHours companyId={company.company_id} viewer={viewer} />
        {canSetHourBank(viewer) ? <HourBankSettings companyId={company.company_id} /> : null}
      </Stack>
    ),
    contacts: () => (
      <ContactsEditor
        companyId={company.company_id}
        canSendReset={canManageCompanySettings(viewer)}
        canManageAccountSecurity={canAdministerAccountSecurity(viewer)}
      />
    ),
    prefs: () => <MaintenancePrefs companyId={company.company_id} />,
    assignments: () => <TypeAssignmentsTab company={company} />,
    delete: () => <DeleteCompanyTab company={company} />,
  };

  return (
    <ProfileSettingsLayout companyId={company.company_id} companyName={company.name} tabs={tabs} current={tab}>
      {content[tab]()}
    </ProfileSettingsLayout>
  );
}
