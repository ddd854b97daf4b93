import { useId } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { DEFAULT_MAINTENANCE_PREFS, MESSAGES, type MaintenancePrefs } from '@portal/domain';
import { ExposedComponent } from '@portal/ui';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

export interface PreferencesStepProps {
  /** The preferences saved with the embedded form, or null before the first Save. */
  saved: MaintenancePrefs | null;
  onSave(prefs: MaintenancePrefs): void;
  onBack(): void;
  onComplete(): void;
  completing: boolean;
}

/**
 * Step 3, Preferences: the companies remote's MaintenancePrefs on the wizard's value. Complete
 * Registration is enabled once the form's Save has handed over a plan (step 3 to 4 needs
 * the preferences saved: docs/product/accounts-and-roles.md#registration); until then a line
 * by the button says so.
 */
export function PreferencesStep({ saved, onSave, onBack, onComplete, completing }: PreferencesStepProps) {
  const hintId = useId();
  const t = useT();
  const shown = useShownText();
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('register.prefsIntro')}</Text>
      <ExposedComponent name="companies/MaintenancePrefs" props={{ value: saved ?? DEFAULT_MAINTENANCE_PREFS, onSave }} />
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Button variant="outline" onClick={onBack} disabled={completing}>{t('register.backToContacts')}</Button>
        <Button
          colorPalette="blue"
          disabled={saved === null}
          aria-describedby={saved === null ? hintId : undefined}
          loading={completing}
          loadingText={t('register.registering')}
          onClick={onComplete}
        >
          {t('register.complete')}
        </Button>
      </HStack>
      {saved === null ? <Text id={hintId} color="fg.muted" fontSize="sm" textAlign="end">{shown(MESSAGES.savePreferencesFirst)}</Text> : null}
    </Stack>
  );
}
