import { useState, type FormEvent } from 'react';
import { Badge, Button, Code, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useSecurityMutations } from '@portal/api-client';
import type { SecurityOverview, TotpEnrolmentAnswer } from '@portal/contract';
import { useSession } from '@portal/session';
import { PasswordDialog, useStepUp } from '@portal/features';
import { DateText, ErrorAlert } from '@portal/ui';
import { QrCodeImage } from './qr-code-image';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SectionCard } from './section-card';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

/**
 * The authenticator app (docs/product/accounts-and-roles.md#account-security): Set up shows the QR
 * code and the secret once; the first code turns it on; Turn off asks for the password.
 */
export function TotpSection({ overview, onEnrolled }: { overview: SecurityOverview; onEnrolled(): Promise<void> }) {
  const mutations = useSecurityMutations();
  // Setting up after the sign-in's first 10 minutes asks for the password again (docs/product/accounts-and-roles.md#sensitive-changes).
  const { withStepUp, dialog: stepUpDialog } = useStepUp();
  const timeZone = useSession((s) => s.timeZone);
  const t = useT();
  const shown = useShownText();
  const [enrolment, setEnrolment] = useState<TotpEnrolmentAnswer | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [copied, setCopied] = useState(false);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await withStepUp(() => mutations.startTotp()));
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const typed = code.trim();
      const answer = await withStepUp(() => mutations.confirmTotp(typed));
      setEnrolment(null);
      setCode('');
      if (answer.recovery_codes.length > 0) setCodes(answer.recovery_codes);
      await onEnrolled();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  const { enabled, date_enabled: since } = overview.totp;
  return (
    <SectionCard title={t('totp.title')} status={enabled ? <Badge colorPalette="green">{t('totp.on')}</Badge> : <Badge>{t('totp.off')}</Badge>}>
      <ErrorAlert message={shown(error)} />
      {enabled ? (
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text>
            {since
              ? t.rich('totp.enabledSince', { date: () => <DateText key="since" iso={since} timeZone={timeZone} /> })
              : t('totp.enabled')}
          </Text>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setTurningOff(true)}>
            {t('totp.turnOff')}
          </Button>
        </HStack>
      ) : enrolment ? (
        <Stack gap="4">
          <Text>{t('totp.scanIntro')}</Text>
          <HStack gap="6" align="start" wrap="wrap">
            <QrCodeImage dataUrl={enrolment.qr_code} label={t('totp.qrLabel')} />
            <Stack gap="2" minW="0">
              <Heading as="h3" size="sm">{t('totp.secret')}</Heading>
              <Code fontSize="md" p="2" wordBreak="break-all" data-testid="totp-secret">{enrolment.secret}</Code>
              <HStack>
                <Button size="xs" variant="outline" onClick={() => void copySecret(enrolment.secret)}>
                  {t('totp.copySecret')}
                </Button>
                {copied ? <Text role="status" fontSize="sm">{t('common.copied')}</Text> : null}
              </HStack>
            </Stack>
          </HStack>
          <form onSubmit={(event) => void confirm(event)} noValidate>
            <HStack align="end" gap="3" wrap="wrap">
              <Field.Root maxW="xs">
                <Field.Label>{t('totp.codeLabel')}</Field.Label>
                <Input
                  name="totp-code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  autoFocus
                />
              </Field.Root>
              <Button type="submit" colorPalette="blue" loading={busy}>
                {t('totp.turnOn')}
              </Button>
              <Button variant="ghost" onClick={() => { setEnrolment(null); setError(null); }} disabled={busy}>
                {t('common.cancel')}
              </Button>
            </HStack>
          </form>
        </Stack>
      ) : (
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text>{t('totp.offText')}</Text>
          <Button size="sm" colorPalette="blue" onClick={() => void start()} loading={busy}>
            {t('totp.setUp')}
          </Button>
        </HStack>
      )}
      {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
      <PasswordDialog
        open={turningOff}
        title={t('totp.turnOffTitle')}
        message={t('totp.turnOffMessage')}
        confirmLabel={t('totp.turnOff')}
        onConfirm={(password) => mutations.removeTotp(password)}
        onClose={() => setTurningOff(false)}
      />
      {stepUpDialog}
    </SectionCard>
  );
}
