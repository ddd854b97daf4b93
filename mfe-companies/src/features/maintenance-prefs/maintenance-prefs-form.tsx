import { Controller, useForm } from 'react-hook-form';
import { Alert, Button, Checkbox, Fieldset, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { maintenancePrefsValue } from '@portal/contract';
import {
  MAINTENANCE_FREQUENCIES, MESSAGES, maintenanceEstimate, type MaintenanceFrequency, type MaintenancePrefs,
} from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert, useSaveState } from '@portal/ui';

const FREQUENCY_LABELS: Record<MaintenanceFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semiannually: 'Semiannually',
};

/** The intensities offered; a saved 'updates' (the older name of maintenance) is shown as maintenance. */
const INTENSITIES = [
  { key: 'maintenance', label: 'Maintenance', hint: 'core, plugin and theme updates' },
  { key: 'security', label: 'Security', hint: 'monitoring, hardening and backups' },
  { key: 'performance', label: 'Performance', hint: 'caching, image and database tuning' },
] as const;

function shownIntensity(intensity: readonly string[]): string[] {
  return [...new Set(intensity.map((key) => (key === 'updates' ? 'maintenance' : key)))];
}

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
export function MaintenancePrefsForm({ initial, onSave, saveLabel = 'Save Preferences' }: MaintenancePrefsFormProps) {
  const { control, handleSubmit, watch } = useForm<MaintenancePrefs>({
    resolver,
    defaultValues: { frequency: initial.frequency, intensity: shownIntensity(initial.intensity) },
  });
  const { saving, error, saved, run, changed } = useSaveState();
  const frequency = watch('frequency');
  const intensity = watch('intensity');
  const estimate = maintenanceEstimate({ frequency, intensity });

  // Save stays disabled until the plan holds (the estimate shows), so the schema's check does not speak.
  const save = handleSubmit((prefs) => run(() => onSave(prefs)));

  return (
    <Stack gap="5" as="form" aria-label="Maintenance preferences" onSubmit={(event) => void save(event)}>
      <Fieldset.Root>
        <Fieldset.Legend>Frequency</Fieldset.Legend>
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
                    <RadioGroup.ItemText>{FREQUENCY_LABELS[key]}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          )}
        />
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend>Intensity</Fieldset.Legend>
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
                      {item.label} <Text as="span" color="fg.muted">({item.hint})</Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
      </Fieldset.Root>

      {estimate ? (
        <Stack gap="1" aria-label="Maintenance summary" role="group">
          <Text fontWeight="semibold">
            {FREQUENCY_LABELS[frequency as MaintenanceFrequency]} maintenance:{' '}
            {intensity.map((key) => INTENSITIES.find((item) => item.key === key)?.label ?? key).join(', ')}
          </Text>
          <Text>Estimated cost: {estimate.text}</Text>
          <Text fontSize="sm" color="fg.muted">{estimate.setupNote}</Text>
          {estimate.warning ? (
            <Alert.Root status="warning" size="sm">
              <Alert.Indicator />
              <Alert.Title>{estimate.warning}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Stack>
      ) : (
        <Text color="fg.muted">Choose a frequency and at least one intensity to see the cost.</Text>
      )}

      <ErrorAlert message={error} />
      <HStack>
        <Button type="submit" colorPalette="blue" loading={saving} disabled={!estimate}>
          {saveLabel}
        </Button>
        {saved ? <Text role="status" color="green.700">Preferences saved.</Text> : null}
      </HStack>
    </Stack>
  );
}
