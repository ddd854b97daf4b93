import { Button, Card, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Markdown, ErrorAlert } from '@portal/ui';
import { errorMessage } from '@portal/api-client';
import { useMessageText } from '@portal/i18n/message-text';
import { useT } from '../../../messages';

/** The company Notes block: staff see it and edit it (markdown). Polling pauses while it is edited. */
export function NotesBlock({
  note, onSave, onEditingChange,
}: {
  note: string | null;
  onSave(note: string): Promise<unknown>;
  onEditingChange(editing: boolean): void;
}) {
  const t = useT();
  const messageText = useMessageText();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editing = draft !== null;

  const close = () => {
    setDraft(null);
    setError(null);
    onEditingChange(false);
  };

  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft);
      close();
    } catch (cause) {
      // The draft stays so nothing typed is lost.
      setError(messageText(errorMessage(cause)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card.Root as="section" aria-label={t('notes.heading')} size="sm">
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="sm">
            {t('notes.heading')}
          </Heading>
          {!editing ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() => {
                setDraft(note ?? '');
                onEditingChange(true);
              }}
            >
              {t('notes.edit')}
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        {editing ? (
          <Stack gap="2">
            <Field.Root>
              <Field.Label>{t('notes.label')}</Field.Label>
              <Textarea value={draft} onChange={(event) => setDraft(event.currentTarget.value)} rows={6} autoFocus />
              <Field.HelperText>{t('notes.markdownHint')}</Field.HelperText>
            </Field.Root>
            <ErrorAlert message={error} size="sm" />
            <HStack>
              <Button size="sm" colorPalette="blue" onClick={() => void save()} loading={saving}>
                {t('notes.save')}
              </Button>
              <Button size="sm" variant="ghost" onClick={close} disabled={saving}>
                {t('common.cancel')}
              </Button>
            </HStack>
          </Stack>
        ) : note && note.trim() !== '' ? (
          <Markdown>{note}</Markdown>
        ) : (
          <Text color="fg.muted">{t('notes.empty')}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
