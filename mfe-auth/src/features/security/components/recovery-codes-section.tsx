import { useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { errorMessage, useSecurityMutations } from '@portal/api-client';
import type { SecurityOverview } from '@portal/contract';
import { RECOVERY_CODE_COUNT, hasSecondFactor } from '@portal/domain';
import { useStepUp } from '@portal/features';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SectionCard } from './section-card';

/**
 * Recovery codes (docs/product/accounts-and-roles.md#account-security): how many are left; Make new
 * codes voids the old ones and shows the new ones once.
 */
export function RecoveryCodesSection({ overview }: { overview: SecurityOverview }) {
  const mutations = useSecurityMutations();
  const { withStepUp, dialog: stepUpDialog } = useStepUp();
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
    <SectionCard title="Recovery codes">
      <ErrorAlert message={error} />
      {factorOn ? (
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text>
            {remaining} of {RECOVERY_CODE_COUNT} recovery codes left. Each signs you in once when your app or passkey is not at hand.
          </Text>
          <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
            Make new codes
          </Button>
        </HStack>
      ) : (
        <Text color="fg.muted">You get recovery codes when you turn on an authenticator app or add a passkey.</Text>
      )}
      {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
      <ConfirmDialog
        open={asking}
        busy={busy}
        title="Make new recovery codes?"
        message="Your current recovery codes will stop working."
        confirmLabel="Make new codes"
        onConfirm={() => void renew()}
        onCancel={() => setAsking(false)}
      />
      {stepUpDialog}
    </SectionCard>
  );
}
