import { Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, useParams } from 'react-router-dom';
import { useCompanies } from '@portal/api-client';
import { canListAllCompanies, canViewCompany } from '@portal/domain';
import { CompanyPicker } from '../../components/company-picker';
import { NotAuthorized } from '@portal/ui';
import { useViewer } from '@portal/session';
import { useT } from '../../messages';
import { CompanyDashboard } from './company-dashboard';

function StaffCompanyChooser() {
  const { data, isLoading } = useCompanies();
  const t = useT();
  return (
    <Stack gap="3">
      <Heading as="h1" size="2xl">
        {t('clientDashboard.heading')}
      </Heading>
      <Text color="fg.muted">{isLoading ? t('clientDashboard.loadingCompanies') : t('clientDashboard.chooseCompany')}</Text>
      <CompanyPicker companies={data ?? []} />
    </Stack>
  );
}

/** /clients and /clients/{companyId}: a client lands on their first company, staff choose one. */
export function ClientDashboardPage() {
  const { companyId: param } = useParams();
  const viewer = useViewer();
  const t = useT();
  if (!viewer) return <NotAuthorized />;

  if (param === undefined) {
    if (canListAllCompanies(viewer)) return <StaffCompanyChooser />;
    const first = viewer.companyIds[0];
    if (first !== undefined) return <Navigate to={`/clients/${first}`} replace />;
    return (
      <Stack gap="3">
        <Heading as="h1" size="2xl">
          {t('clientDashboard.heading')}
        </Heading>
        <Text color="fg.muted">{t('clientDashboard.noCompany')}</Text>
      </Stack>
    );
  }

  const companyId = Number(param);
  if (!Number.isInteger(companyId) || companyId <= 0 || !canViewCompany(viewer, companyId)) {
    return <NotAuthorized />;
  }
  // Keyed so that switching companies starts from a clean slate (no edit or modal carried over).
  return <CompanyDashboard key={companyId} companyId={companyId} viewer={viewer} />;
}
