import type { ReactNode } from 'react';
import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePublicSettings } from '@portal/api-client';
import { useT } from '../../../messages';

const isWebLink = (url: string | null | undefined): url is string => typeof url === 'string' && /^https?:\/\//i.test(url);

function NextStep({ title, children }: { title: string; children: ReactNode }) {
  return (
    <List.Item>
      <Text fontWeight="semibold">{title}</Text>
      <Text color="fg.muted">{children}</Text>
    </List.Item>
  );
}

/**
 * Step 4, Welcome: the next steps of registration (docs/product/accounts-and-roles.md#registration). The kickoff link is the
 * server's KICKOFF_URL, read at run time; without one the step says the link comes by mail.
 */
export function WelcomeStep({ companyName }: { companyName: string }) {
  const { data: settings } = usePublicSettings();
  const t = useT();
  const kickoffUrl = settings?.kickoff_url;
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">{companyName ? t('welcome.heading', { name: companyName }) : t('welcome.headingNoName')}</Heading>
      <Text>{t('welcome.intro')}</Text>
      <List.Root as="ol" gap="3" ps="5">
        <NextStep title={t('welcome.inboxTitle')}>{t('welcome.inboxText')}</NextStep>
        <NextStep title={t('welcome.loginTitle')}>
          {t.rich('welcome.loginText', {
            link: (chunks) => <Link key="login" asChild colorPalette="blue"><RouterLink to="/login">{chunks}</RouterLink></Link>,
          })}
        </NextStep>
        <NextStep title={t('welcome.ticketTitle')}>{t('welcome.ticketText')}</NextStep>
        <NextStep title={t('welcome.accessTitle')}>{t('welcome.accessText')}</NextStep>
        <NextStep title={t('welcome.kickoffTitle')}>
          {isWebLink(kickoffUrl) ? (
            <Link href={kickoffUrl} target="_blank" rel="noopener noreferrer" colorPalette="blue">
              {t('welcome.kickoffLink')}
            </Link>
          ) : (
            t('welcome.kickoffByMail')
          )}
        </NextStep>
      </List.Root>
    </Stack>
  );
}
