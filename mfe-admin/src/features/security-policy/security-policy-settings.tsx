import { useState } from 'react';
import { Alert, Heading, Link, Stack, Switch, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useSecurityPolicy, useSecurityPolicyMutations } from '@portal/api-client';
import { MESSAGES, SECURITY_MESSAGES, SECURITY_PAGE_PATH } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

/**
 * The refusal of an admin without a second factor of their own (SECURITY_MESSAGES.policyNeedsOwnFactor, answered in
 * the reader's language), with the way to the page that sets one up.
 */
function OwnFactorFirst() {
  const t = useT();
  const text = useMessageText();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{text(SECURITY_MESSAGES.policyNeedsOwnFactor)}</Alert.Title>
        <Alert.Description>
          <Link asChild color="blue.700" textDecoration="underline"><RouterLink to={SECURITY_PAGE_PATH}>{t('securityPolicy.goToSecurity')}</RouterLink></Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The admins' policy (docs/product/accounts-and-roles.md#account-security): require a second factor
 * of staff (groups 1-4). A staff member without one is sent to enrol after the password and can do
 * nothing else until done. Saved on change; a failed save puts the switch back and says why.
 */
export function SecurityPolicySettings() {
  const t = useT();
  const text = useMessageText();
  const { data: policy, error: readError } = useSecurityPolicy();
  const { setPolicy } = useSecurityPolicyMutations();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // What the switch shows while a save runs; back to the stored policy when it ends, either way.
  const [shown, setShown] = useState<boolean | null>(null);

  async function change(required: boolean) {
    setSaving(true);
    setShown(required);
    setError(null);
    setSaved(null);
    try {
      await setPolicy({ require_staff_second_factor: required });
      setSaved(required ? t('securityPolicy.savedOn') : t('securityPolicy.savedOff'));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
      setShown(null);
    }
  }

  return (
    <Stack gap="4" maxW="2xl">
      <Heading as="h2" size="lg">{t('securityPolicy.heading')}</Heading>
      {error !== null && [SECURITY_MESSAGES.policyNeedsOwnFactor, text(SECURITY_MESSAGES.policyNeedsOwnFactor)].includes(error) ? <OwnFactorFirst /> : <ErrorAlert message={error ?? (policy ? null : readError)} />}
      {!policy && !readError ? <Text>{text(MESSAGES.loading)}</Text> : null}
      {policy ? (
        <Stack gap="2">
          <Switch.Root
            checked={shown ?? policy.require_staff_second_factor}
            disabled={saving}
            onCheckedChange={({ checked }) => void change(checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>{t('securityPolicy.requireSwitch')}</Switch.Label>
          </Switch.Root>
          <Text color="fg.muted" fontSize="sm">
            {t('securityPolicy.hint')}
          </Text>
          {saved ? <Text role="status" fontSize="sm">{saved}</Text> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
