import { NativeSelect, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { lookupName, modeClosesTickets, type LookupItem } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';
import { errorMessage } from '@portal/api-client';
import { useT } from '../../../messages';

/**
 * The company mode, for admins. Saving Inactive or Closed closes the company's open tickets on
 * the server (docs/product/companies-and-contacts.md#mode-side-effect), so that choice is confirmed first.
 */
export function ModeSelector({
  mode, modes, onSave, onDialogChange,
}: {
  mode: number;
  modes: readonly LookupItem[];
  onSave(mode: number): Promise<unknown>;
  onDialogChange(open: boolean): void;
}) {
  const id = useId();
  const t = useT();
  const messageText = useMessageText();
  const [pending, setPending] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (next: number) => {
    setSaving(true);
    setError(null);
    try {
      await onSave(next);
    } catch (cause) {
      setError(messageText(errorMessage(cause)));
    } finally {
      setSaving(false);
      setPending(null);
      onDialogChange(false);
    }
  };

  return (
    <Stack gap="1">
      <NativeSelect.Root size="sm" maxW="48" disabled={saving}>
        <NativeSelect.Field
          id={id}
          aria-label={t('mode.label')}
          value={String(mode)}
          onChange={(event) => {
            const next = Number(event.currentTarget.value);
            if (next === mode) return;
            if (modeClosesTickets(next)) {
              setPending(next);
              onDialogChange(true);
            } else {
              void save(next);
            }
          }}
        >
          {modes.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <ErrorAlert message={error} size="sm" />
      <ConfirmDialog
        open={pending !== null}
        title={t('mode.confirmTitle')}
        message={t('mode.confirmMessage', { mode: lookupName(modes, pending, t('mode.thisMode')) })}
        confirmLabel={t('mode.save', { mode: lookupName(modes, pending, t('mode.fallback')) })}
        busy={saving}
        onConfirm={() => {
          if (pending !== null) void save(pending);
        }}
        onCancel={() => {
          setPending(null);
          onDialogChange(false);
        }}
      />
    </Stack>
  );
}
