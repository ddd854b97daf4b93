import { Alert } from '@chakra-ui/react';
import { useMailStatus } from '@portal/api-client';
import type { MailStatus } from '@portal/contract';

/** docs/product/messaging.md#mail-server: what the banner says while no mail server is set. */
export const noMailServerText = (status: Pick<MailStatus, 'setting'>) =>
  `No mail server is set (${status.setting}): every mail waits in the outbox, queued, and nobody receives it until ${status.setting} names one and the portal is restarted.`;

/** Why a send's mail is queued rather than sent (docs/product/messaging.md#sending). */
export function queuedReason(status: MailStatus | undefined): string {
  if (status && !status.smtp_configured) return `Queued, not sent: no mail server is set (${status.setting}).`;
  return 'Queued in the outbox: the mail server has not taken it yet.';
}

/** A warning over the message centre while mail cannot go out, naming the setting that is missing. */
export function MailServerBanner() {
  const { data: status } = useMailStatus();
  if (!status || status.smtp_configured) return null;
  return (
    <Alert.Root status="warning" role="alert" aria-label="Mail is not being sent">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Mail is not being sent</Alert.Title>
        <Alert.Description>{noMailServerText(status)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
