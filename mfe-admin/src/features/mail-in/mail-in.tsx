import { Heading, Stack } from '@chakra-ui/react';
import { MESSAGES, canManageMailIn } from '@portal/domain';
import { useViewer } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
import { HeldMailList } from './held-mail-list';
import { MailInStatusPanel } from './mail-in-status-panel';

/**
 * Admin Settings → Mail in (docs/product/notifications-and-mail.md#matching): whether the support
 * mailbox is read, what became of the messages read, and the messages held for an admin to attach
 * to a ticket or drop.
 */
export function MailIn() {
  const t = useT();
  const viewer = useViewer();
  if (!viewer || !canManageMailIn(viewer)) return <ErrorAlert message={MESSAGES.notAuthorized} />;
  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">{t('mailIn.heading')}</Heading>
      <MailInStatusPanel />
      <HeldMailList />
    </Stack>
  );
}
