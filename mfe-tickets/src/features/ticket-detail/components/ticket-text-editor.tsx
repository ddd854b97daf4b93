import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ticketUpdate, type Ticket, type TicketUpdate } from '@portal/contract';
import { MESSAGES, isMissingValue } from '@portal/domain';
import { formResolver } from '@portal/features';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert, Markdown, MarkdownEditor, MarkdownHold } from '@portal/ui';
import { useT } from '../../../messages';
import { useSessionDraft } from '../hooks/use-note-draft';
import { SectionCard } from './section-card';

/** The ticket description's editor is 300 px high (docs/product/tickets.md#markdown-editor). */
const DESCRIPTION_EDITOR_HEIGHT = 300;

interface TextDraft {
  title: string;
  description: string;
}

/** The title and description as the API takes them, neither blank (Save waits for both, so the message is not shown). */
const resolver = formResolver<TextDraft>(
  ticketUpdate.pick({ title: true, description: true }).superRefine((values, context) => {
    for (const field of ['title', 'description'] as const) {
      if (isMissingValue(values[field])) context.addIssue({ code: 'custom', path: [field], message: MESSAGES.fillAllFields });
    }
  }),
  MESSAGES.fillAllFields,
);

/** A stored draft, or null when there is none (or it is not one of ours). */
function readDraft(stored: string | null): TextDraft | null {
  if (stored === null) return null;
  try {
    const value = JSON.parse(stored) as Partial<TextDraft>;
    return typeof value.title === 'string' && typeof value.description === 'string' ? { title: value.title, description: value.description } : null;
  } catch {
    return null;
  }
}

/**
 * The Description block, and for whoever may (canEditTicketText) an Edit that changes the title and the
 * description in place (docs/product/tickets.md#editing-a-ticket). What is typed is kept per ticket in
 * sessionStorage until it is saved or cancelled, like a note, so a reload reopens the edit with it.
 */
export function TicketTextEditor({
  ticket, canEdit, onSave,
}: { ticket: Ticket; canEdit: boolean; onSave(changes: TicketUpdate): Promise<string | null> }) {
  const stored = useSessionDraft(`portal-ticket-edit:${ticket.ticket_id}`);
  const draft = readDraft(stored.draft);
  const editing = canEdit && draft !== null;
  const put = (next: TextDraft) => stored.setDraft(JSON.stringify(next));
  const t = useT();
  const messageText = useMessageText();

  const edit = canEdit && !editing ? (
    <Button size="xs" variant="outline" onClick={() => put({ title: ticket.title, description: ticket.description })}>
      {t('text.edit')}
    </Button>
  ) : null;

  return (
    <SectionCard title={t('text.description')} actions={edit}>
      {editing && draft ? (
        <TextEditForm
          initial={draft}
          onDraft={put}
          onCancel={stored.clear}
          onSave={async (changes) => {
            const failure = await onSave(changes);
            if (!failure) stored.clear();
            return failure;
          }}
        />
      ) : (
        // Drawn at once, not plain text first (the renderer loads with the page's code: routes.tsx).
        <MarkdownHold fallback={<Text color="fg.muted">{messageText(MESSAGES.loading)}</Text>}>
          <Markdown>{ticket.description}</Markdown>
        </MarkdownHold>
      )}
    </SectionCard>
  );
}

/** The open edit, from the stored draft; every change goes back to it, and a failed save keeps it with the message. */
function TextEditForm({ initial, onDraft, onCancel, onSave }: {
  initial: TextDraft;
  onDraft(draft: TextDraft): void;
  onCancel(): void;
  onSave(changes: TicketUpdate): Promise<string | null>;
}) {
  const { control, register, handleSubmit, watch, formState } = useForm<TextDraft>({ resolver, defaultValues: initial });
  const { field: description } = useController({ control, name: 'description' });
  const [error, setError] = useState<string | null>(null);
  const saving = formState.isSubmitting;
  const title = watch('title');
  const t = useT();

  useEffect(() => {
    const subscription = watch((values) => onDraft({ title: values.title ?? '', description: values.description ?? '' }));
    return () => subscription.unsubscribe();
  }, [watch, onDraft]);

  const save = handleSubmit(async (values) => {
    setError(null);
    setError(await onSave({ title: values.title.trim(), description: values.description }));
  });

  return (
    <Stack gap="3">
      <ErrorAlert message={error} />
      <Field.Root required invalid={title.trim() === ''}>
        <Field.Label>{t('text.title')}</Field.Label>
        <Input {...register('title')} />
      </Field.Root>
      <MarkdownEditor label={t('text.description')} value={description.value} onChange={description.onChange} onBlur={description.onBlur} height={DESCRIPTION_EDITOR_HEIGHT} />
      <HStack justify="end">
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={saving}>
          {t('text.cancel')}
        </Button>
        <Button
          size="sm" colorPalette="blue" loading={saving} onClick={() => void save()}
          disabled={title.trim() === '' || description.value.trim() === ''}
        >
          {t('text.save')}
        </Button>
      </HStack>
    </Stack>
  );
}
