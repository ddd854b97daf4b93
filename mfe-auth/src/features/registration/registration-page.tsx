import { useEffect, useState } from 'react';
import { Heading, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage, useApiClient, usePublicSettings } from '@portal/api-client';
import { DEFAULT_LANGUAGE, MESSAGES, isLanguage, reachableRegistrationStep, type MaintenancePrefs, type RegistrationStep } from '@portal/domain';
import { useSession } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { AuthCard } from '../../components/auth-card';
import { CompanyStep } from './components/company-step';
import { ContactsStep } from './components/contacts-step';
import { PreferencesStep } from './components/preferences-step';
import { StepIndicator } from './components/step-indicator';
import { WelcomeStep } from './components/welcome-step';
import { useRegistrationDraft } from './hooks/use-registration-draft';
import { LanguagePicker } from '../../components/language-picker';
import { useT } from '../../messages';
import { useShownText } from '../../messages/shown-text';

const hasFrequency = (prefs: MaintenancePrefs | null): prefs is MaintenancePrefs & { frequency: Exclude<MaintenancePrefs['frequency'], ''> } =>
  prefs !== null && prefs.frequency !== '';

/**
 * The registration wizard, route register (docs/product/accounts-and-roles.md#registration): Company Info, Contacts,
 * Preferences, Welcome. The forms are the companies remote's, embedded at run time. Nothing is
 * written before Complete Registration, which sends everything in one call; until then the draft
 * survives a reload, and a failure keeps it and shows the server's message. Each step is an entry
 * of the browser history (`?step=2`), so Back and Forward move between steps; a step the draft
 * does not allow yet shows the furthest one it does.
 */
export function RegistrationPage() {
  const client = useApiClient();
  const t = useT();
  const shown = useShownText();
  const { data: settings } = usePublicSettings();
  const { draft, update, clear } = useRegistrationDraft();
  const [params, setParams] = useSearchParams();
  const [completing, setCompleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [registeredAs, setRegisteredAs] = useState<string | null>(null);
  // Without ?step= (a fresh /register) the wizard goes on where the draft was.
  const asked = params.get('step') ?? String(draft.step);
  const current = reachableRegistrationStep(asked, draft);
  const step = registeredAs === null ? current : 4;

  useEffect(() => {
    if (registeredAs !== null) return;
    if (draft.step !== current) update({ step: current });
    // The address says the step shown (in place of a bare /register too), so going back to an entry shows its step.
    if (params.get('step') !== String(current)) setParams({ step: String(current) }, { replace: true });
  }, [current, draft.step, params, registeredAs, setParams, update]);

  /** Moves to `next` as a new history entry, so the browser's Back returns here. */
  const go = (next: RegistrationStep) => {
    setFailure(null);
    setParams({ step: String(next) });
  };

  async function complete() {
    const { company, contacts, prefs } = draft;
    if (!hasFrequency(prefs)) return;
    setCompleting(true);
    setFailure(null);
    try {
      // The language the wizard was read in, for every contact it registers; none when it is the portal's default.
      const language = useSession.getState().language;
      const portalDefault = settings?.language ?? DEFAULT_LANGUAGE;
      await client.auth.register({ company, contacts, prefs, ...(isLanguage(language) && language !== portalDefault ? { language } : {}) });
      clear();
      setRegisteredAs(company.name);
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setCompleting(false);
    }
  }

  return (
    <>
      <AuthCard maxW="5xl">
        <Stack gap="5">
          <Heading as="h1" size="xl">{t('register.heading')}</Heading>
          <StepIndicator current={step} />
          <ErrorAlert message={shown(failure)} />
          {step === 1 ? (
            <CompanyStep
              company={draft.company}
              onChange={(company) => update({ company })}
              onDone={(company) => {
                update({ company, step: 2 });
                go(2);
              }}
            />
          ) : null}
          {step === 2 ? (
            <ContactsStep
              contacts={draft.contacts}
              onChange={(contacts) => update({ contacts })}
              onBack={() => go(1)}
              onNext={() => go(3)}
            />
          ) : null}
          {step === 3 ? (
            <PreferencesStep
              saved={hasFrequency(draft.prefs) ? draft.prefs : null}
              onSave={(prefs) => update({ prefs })}
              onBack={() => go(2)}
              onComplete={() => void complete()}
              completing={completing}
            />
          ) : null}
          {step === 4 ? <WelcomeStep companyName={registeredAs ?? ''} /> : null}
        </Stack>
      </AuthCard>
      {/* Until registered: the welcome is the end of the wizard. */}
      {step === 4 ? null : <LanguagePicker />}
    </>
  );
}
