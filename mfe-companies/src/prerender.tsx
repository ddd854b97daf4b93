import type { ReactElement } from 'react';
import { Text } from '@chakra-ui/react';
import { MESSAGES } from '@portal/domain';
import { ProfileSettingsLayout } from './components/profile-settings-layout';

/** No public page: company settings need a session. */
export const prerenderedPages: Record<string, ReactElement> = {};

/**
 * Company settings before their data, with the company's name filled in by the server from the
 * visitor's own GET /api/company/:companyId (server/lib/signed-in-page.ts). The tabs depend on who
 * is looking: they come with the app's page, which the shell shows in this one's place once it has its heading.
 */
export const signedInPages: Record<string, ReactElement> = {
  '/clients/:companyId/info': (
    <ProfileSettingsLayout companyId={'{{company.company_id}}' as unknown as number} companyName="{{company.name}}" tabs={[]} current="info">
      <Text>{MESSAGES.loadingCompanyInfo}</Text>
    </ProfileSettingsLayout>
  ),
};

/** What each signed-in page reads first, for the server to write into the page (server/lib/first-reads.ts). */
export { pageReads } from './page-reads';
