import { useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { errorMessage, useSecurityMutations } from '@portal/api-client';
import type { SecurityOverview } from '@portal/contract';
import { RECOVERY_CODE_COUNT, hasSecondFactor } from '@portal/domain';
import { useStepUp } from '@portal/features';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SectionCard } from './section-card';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

/**
 * Recovery codes (docs/product/accounts-and-roles.md#account-security): how many are left; Make new
 * codes voids the old ones and shows the new ones once.
 */
export function RecoveryCodesSection({ overview }: { overview: SecurityOverview }) {
  const mutations = useSecurityMutations();
  const { withStepUp, dialog: stepUpDialog } = useStepUp();
  const t = useT();
  const shown = useShownText();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const factorOn = hasSecondFactor({
    totp: overview.totp.enabled, passkeys: overview.passkeys.length, recoveryCodes: overview.recovery_codes.remaining,
  });

  async function renew() {
    setBusy(true);
    setError(null);
    // Closed first: the password may be asked next, in a dialog of its own.
    setAsking(false);
    try {
      setCodes((await withStepUp(() => mutations.newRecoveryCodes())).recovery_codes);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const { remaining } = overview.recovery_codes;
  return (
    <SectionCard title={t('recovery.title')}>
      <ErrorAlert message={shown(error)} />
      {factorOn ? (
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text>
            {t('recovery.left', { remaining, total: RECOVERY_CODE_COUNT })}
          </Text>
          <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
            {t('recovery.makeNew')}
          </Button>
        </HStack>
      ) : (
        <Text color="fg.muted">{t('recovery.none')}</Text>
      )}
      {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
      <ConfirmDialog
        open={asking}
        busy={busy}
        title={t('recovery.confirmTitle')}
        message={t('recovery.confirmMessage')}
        confirmLabel={t('recovery.makeNew')}
        onConfirm={() => void renew()}
        onCancel={() => setAsking(false)}
      />
      {stepUpDialog}
    </SectionCard>
  );
}
