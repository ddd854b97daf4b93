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

/**
 * The authenticator app (docs/product/accounts-and-roles.md#account-security): Set up shows the QR
 * code and the secret once; the first code turns it on; Turn off asks for the password.
 */
export function TotpSection({ overview, onEnrolled }: { overview: SecurityOverview; onEnrolled(): Promise<void> }) {
  const mutations = useSecurityMutations();
  // Setting up after the sign-in's first 10 minutes asks for the password again (docs/product/accounts-and-roles.md#sensitive-changes).
  const { withStepUp, dialog: stepUpDialog } = useStepUp();
  const timeZone = useSession((s) => s.timeZone);
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
    <SectionCard title="Authenticator app" status={enabled ? <Badge colorPalette="green">On</Badge> : <Badge>Off</Badge>}>
      <ErrorAlert message={error} />
      {enabled ? (
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text>
            Sign-in asks for a code from your app{since ? <> (on since <DateText iso={since} timeZone={timeZone} />)</> : null}.
          </Text>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        </HStack>
      ) : enrolment ? (
        <Stack gap="4">
          <Text>
            Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password),
            or type the secret into it. Then enter the 6-digit code the app shows.
          </Text>
          <HStack gap="6" align="start" wrap="wrap">
            <QrCodeImage dataUrl={enrolment.qr_code} label="QR code for your authenticator app" />
            <Stack gap="2" minW="0">
              <Heading as="h3" size="sm">Secret</Heading>
              <Code fontSize="md" p="2" wordBreak="break-all" data-testid="totp-secret">{enrolment.secret}</Code>
              <HStack>
                <Button size="xs" variant="outline" onClick={() => void copySecret(enrolment.secret)}>
                  Copy secret
                </Button>
                {copied ? <Text role="status" fontSize="sm">Copied.</Text> : null}
              </HStack>
            </Stack>
          </HStack>
          <form onSubmit={(event) => void confirm(event)} noValidate>
            <HStack align="end" gap="3" wrap="wrap">
              <Field.Root maxW="xs">
                <Field.Label>Code from the app</Field.Label>
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
                Turn on
              </Button>
              <Button variant="ghost" onClick={() => { setEnrolment(null); setError(null); }} disabled={busy}>
                Cancel
              </Button>
            </HStack>
          </form>
        </Stack>
      ) : (
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text>After your password, sign-in asks for a code from an app on your phone.</Text>
          <Button size="sm" colorPalette="blue" onClick={() => void start()} loading={busy}>
            Set up
          </Button>
        </HStack>
      )}
      {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
      <PasswordDialog
        open={turningOff}
        title="Turn off the authenticator app?"
        message="Sign-in will no longer ask for a code from your app. Enter your password to confirm."
        confirmLabel="Turn off"
        onConfirm={(password) => mutations.removeTotp(password)}
        onClose={() => setTurningOff(false)}
      />
      {stepUpDialog}
    </SectionCard>
  );
}
