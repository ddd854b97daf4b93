import { useState } from 'react';
import { Alert, Button, Checkbox, Fieldset, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import {
  MAINTENANCE_FREQUENCIES, maintenanceEstimate, type MaintenanceFrequency, type MaintenancePrefs,
} from '@portal/domain';
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
  const [frequency, setFrequency] = useState<MaintenanceFrequency | ''>(initial.frequency);
  const [intensity, setIntensity] = useState<string[]>(() => shownIntensity(initial.intensity));
  const { saving, error, saved, run, changed } = useSaveState();
  const prefs: MaintenancePrefs = { frequency, intensity };
  const estimate = maintenanceEstimate(prefs);

  const change = (update: () => void) => {
    update();
    changed();
  };
  const save = () => run(() => onSave(prefs));

  return (
    <Stack gap="5" as="form" aria-label="Maintenance preferences" onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <Fieldset.Root>
        <Fieldset.Legend>Frequency</Fieldset.Legend>
        <RadioGroup.Root
          value={frequency}
          onValueChange={({ value }) => change(() => setFrequency((value ?? '') as MaintenanceFrequency | ''))}
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
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend>Intensity</Fieldset.Legend>
        <Checkbox.Group value={intensity} onValueChange={(value) => change(() => setIntensity(value))}>
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
