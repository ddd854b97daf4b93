import { Alert } from '@chakra-ui/react';
import { useMailStatus } from '@portal/api-client';
import type { MailStatus } from '@portal/contract';
import { useT } from '../../messages';

type T = ReturnType<typeof useT>;

/** docs/product/messaging.md#mail-server: what the banner says while no mail server is set. */
export const noMailServerText = (t: T, status: Pick<MailStatus, 'setting'>) => t('messageCentre.noMailServer', { setting: status.setting });

/** Why a send's mail is queued rather than sent (docs/product/messaging.md#sending). */
export function queuedReason(t: T, status: MailStatus | undefined): string {
  if (status && !status.smtp_configured) return t('messageCentre.queuedNoMailServer', { setting: status.setting });
  return t('messageCentre.queuedInOutbox');
}

/** A warning over the message centre while mail cannot go out, naming the setting that is missing. */
export function MailServerBanner() {
  const t = useT();
  const { data: status } = useMailStatus();
  if (!status || status.smtp_configured) return null;
  return (
    <Alert.Root status="warning" role="alert" aria-label={t('messageCentre.notSending')}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('messageCentre.notSending')}</Alert.Title>
        <Alert.Description>{noMailServerText(t, status)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
