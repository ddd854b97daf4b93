import { Controller, useForm } from 'react-hook-form';
import { Alert, Button, Checkbox, Fieldset, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { maintenancePrefsValue } from '@portal/contract';
import {
  MAINTENANCE_FREQUENCIES, MESSAGES, formatMoney, maintenanceEstimate, maintenancePlanIntensities, type MaintenanceFrequency, type MaintenancePrefs,
} from '@portal/domain';
import { formResolver } from '@portal/features';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats } from '@portal/session';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';

const FREQUENCY_LABELS = {
  monthly: 'maintenance.monthly',
  quarterly: 'maintenance.quarterly',
  semiannually: 'maintenance.semiannually',
} as const satisfies Record<MaintenanceFrequency, string>;

/** The intensities offered; a saved 'updates' (the older name of maintenance) is shown as maintenance (maintenancePlanIntensities). */
const INTENSITIES = [
  { key: 'maintenance', label: 'maintenance.maintenance', hint: 'maintenance.maintenanceHint' },
  { key: 'security', label: 'maintenance.security', hint: 'maintenance.securityHint' },
  { key: 'performance', label: 'maintenance.performance', hint: 'maintenance.performanceHint' },
] as const;

/** The plan as the API takes it: a frequency and a valid intensity list (the domain's isValidIntensity). */
const resolver = formResolver<MaintenancePrefs>(maintenancePrefsValue, MESSAGES.fillAllFields);

export interface MaintenancePrefsFormProps {
  initial: MaintenancePrefs;
  onSave(prefs: MaintenancePrefs): Promise<unknown>;
  saveLabel?: string;
}

/**
 * Maintenance preferences (docs/product/companies-and-contacts.md#maintenance-preferences): frequency, intensity, and the cost per period from the
 * domain's rule (shown only while both are valid). A failed save keeps the choices.
 */
export function MaintenancePrefsForm({ initial, onSave, saveLabel }: MaintenancePrefsFormProps) {
  const t = useT();
  const messageText = useMessageText();
  const formats = useFormats();
  const { control, handleSubmit, watch } = useForm<MaintenancePrefs>({
    resolver,
    defaultValues: { frequency: initial.frequency, intensity: maintenancePlanIntensities(initial.intensity) },
  });
  const { saving, error, saved, run, changed } = useSaveState();
  const frequency = watch('frequency');
  const intensity = watch('intensity');
  const estimate = maintenanceEstimate({ frequency, intensity });

  // Save stays disabled until the plan holds (the estimate shows), so the schema's check does not speak.
  const save = handleSubmit((prefs) => run(() => onSave(prefs)));

  return (
    <Stack gap="5" as="form" aria-label={t('maintenance.form')} onSubmit={(event) => void save(event)}>
      <Fieldset.Root>
        <Fieldset.Legend>{t('maintenance.frequency')}</Fieldset.Legend>
        <Controller
          control={control}
          name="frequency"
          render={({ field }) => (
            <RadioGroup.Root
              value={field.value}
              onValueChange={({ value }) => {
                field.onChange((value ?? '') as MaintenanceFrequency | '');
                changed();
              }}
            >
              <HStack gap="6" wrap="wrap">
                {MAINTENANCE_FREQUENCIES.map((key) => (
                  <RadioGroup.Item key={key} value={key}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(FREQUENCY_LABELS[key])}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          )}
        />
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend>{t('maintenance.intensity')}</Fieldset.Legend>
        <Controller
          control={control}
          name="intensity"
          render={({ field }) => (
            <Checkbox.Group
              value={field.value}
              onValueChange={(value) => {
                field.onChange(value);
                changed();
              }}
            >
              <Stack gap="2">
                {INTENSITIES.map((item) => (
                  <Checkbox.Root key={item.key} value={item.key}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {t(item.label)} <Text as="span" color="fg.muted">{t(item.hint)}</Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
      </Fieldset.Root>

      {estimate ? (
        <Stack gap="1" aria-label={t('maintenance.summary')} role="group">
          <Text fontWeight="semibold">
            {t('maintenance.plan', {
              frequency,
              intensities: intensity.map((key) => {
                const item = INTENSITIES.find((candidate) => candidate.key === key);
                return item ? t(item.label) : key;
              }).join(', '),
            })}
          </Text>
          {/* The domain's rule gives dollars; the agency's currency shows them, never converted. */}
          <Text>{t('maintenance.estimate', { cost: formatMoney(estimate.costUsd, formats), frequency })}</Text>
          <Text fontSize="sm" color="fg.muted">{messageText(estimate.setupNote)}</Text>
          {estimate.warning ? (
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Title>{messageText(estimate.warning)}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      ) : (
        <Text color="fg.muted">{t('maintenance.choose')}</Text>
      )}

      <ErrorAlert message={error} />
      <HStack>
        <Button type="submit" colorPalette="blue" loading={saving} disabled={!estimate}>
          {saveLabel ?? t('maintenance.save')}
        </Button>
        {saved ? <Text role="status" color="green.700">{t('maintenance.saved')}</Text> : null}
      </HStack>
    </Stack>
  );
}
