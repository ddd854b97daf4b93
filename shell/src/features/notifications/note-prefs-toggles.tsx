import { useState } from 'react';
import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import type { Contact, NotePrefs } from '@portal/contract';
import { errorMessage, useContact, useContactMutations } from '@portal/api-client';
import { NOTE_PREFS_META_KEY, parseNotePrefs, serializeNotePrefs } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';
import { useT } from '../../messages';

const TOGGLES = [
  { key: 'sendHourly', label: 'prefs.hourly' },
  { key: 'sendDaily', label: 'prefs.daily' },
  { key: 'sendWeekly', label: 'prefs.weekly' },
] as const satisfies readonly { key: keyof NotePrefs; label: string }[];

function storedPrefs(contact: Contact | null | undefined): NotePrefs {
  const entry = contact?.meta.find((m) => m.meta_key === NOTE_PREFS_META_KEY);
  return parseNotePrefs(entry?.meta_value);
}

function withPrefs(contact: Contact, metaId: number, prefs: NotePrefs): Contact {
  const meta = contact.meta.filter((m) => m.meta_key !== NOTE_PREFS_META_KEY);
  return { ...contact, meta: [...meta, { id: metaId, meta_key: NOTE_PREFS_META_KEY, meta_value: serializeNotePrefs(prefs) }] };
}

/** Hourly, daily and weekly e-mail sending of notifications, saved to the contact's note_prefs meta. */
export function NotePrefsToggles({ contactId }: { contactId: number }) {
  const t = useT();
  const messageText = useMessageText();
  const sessionContact = useSession((s) => s.contact);
  const { data: freshContact } = useContact(contactId);
  const { saveNotePrefs } = useContactMutations();
  // While a save is in flight the user's choice is shown; afterwards the server's value is.
  const [pending, setPending] = useState<NotePrefs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const prefs = pending ?? storedPrefs(freshContact ?? sessionContact);

  async function toggle(key: keyof NotePrefs, checked: boolean) {
    const next = { ...prefs, [key]: checked };
    setPending(next);
    setError(null);
    try {
      const saved = await saveNotePrefs(contactId, next);
      const current = useSession.getState().contact;
      if (current && current.contact_id === contactId) useSession.getState().setContact(withPrefs(current, saved.id, next));
    } catch (failure) {
      setError(errorMessage(failure, t('prefs.notSaved')));
    } finally {
      setPending(null);
    }
  }

  return (
    <Fieldset.Root size="sm">
      <Fieldset.Legend fontWeight="semibold">{t('prefs.legend')}</Fieldset.Legend>
      <Stack direction="row" gap="4" wrap="wrap">
        {TOGGLES.map(({ key, label }) => (
          <Checkbox.Root
            key={key}
            size="sm"
            checked={prefs[key]}
            onCheckedChange={({ checked }) => void toggle(key, checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(label)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {error ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {messageText(error)}
        </Text>
      ) : null}
    </Fieldset.Root>
  );
}
