import type { ReactNode } from 'react';
import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePublicSettings } from '@portal/api-client';

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
  const kickoffUrl = settings?.kickoff_url;
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">Welcome{companyName ? `, ${companyName}` : ''}!</Heading>
      <Text>Your registration is complete. Here is what happens next:</Text>
      <List.Root as="ol" gap="3" ps="5">
        <NextStep title="Check your inbox">
          Each contact you added gets an e-mail with a link to set a password and finish setting up the account.
        </NextStep>
        <NextStep title="Log in">
          Once your password is set,{' '}
          <Link asChild colorPalette="blue"><RouterLink to="/login">log in to the portal</RouterLink></Link>.
        </NextStep>
        <NextStep title="Submit a kickoff-meeting ticket">
          From your dashboard, open a new ticket of the type Meeting so we can plan the start of your plan together.
        </NextStep>
        <NextStep title="Gather your access details">
          Have your FTP (or SFTP) and WordPress administrator logins ready for the meeting.
        </NextStep>
        <NextStep title="Schedule your kickoff meeting">
          {isWebLink(kickoffUrl) ? (
            <Link href={kickoffUrl} target="_blank" rel="noopener noreferrer" colorPalette="blue">
              Pick a time for your kickoff meeting
            </Link>
          ) : (
            'We will e-mail you a link to pick a time for it.'
          )}
        </NextStep>
      </List.Root>
    </Stack>
  );
}
