import { useState } from 'react';
import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import type { Ticket, TicketUpdate } from '@portal/contract';
import { ErrorAlert, Markdown, MarkdownEditor } from '@portal/ui';
import { useSessionDraft } from '../hooks/use-note-draft';
import { SectionCard } from './section-card';

/** The ticket description's editor is 300 px high (docs/product/tickets.md#markdown-editor). */
const DESCRIPTION_EDITOR_HEIGHT = 300;

interface TextDraft {
  title: string;
  description: string;
}

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
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editing = canEdit && draft !== null;
  const put = (next: TextDraft) => stored.setDraft(JSON.stringify(next));

  async function save() {
    if (!draft) return;
    setSaving(true);
    setError(null);
    const failure = await onSave({ title: draft.title.trim(), description: draft.description });
    setSaving(false);
    if (failure) setError(failure);
    else stored.clear();
  }

  const edit = canEdit && !editing ? (
    <Button size="xs" variant="outline" onClick={() => put({ title: ticket.title, description: ticket.description })}>
      Edit
    </Button>
  ) : null;

  return (
    <SectionCard title="Description" actions={edit}>
      {editing && draft ? (
        <Stack gap="3">
          <ErrorAlert message={error} />
          <Field.Root required invalid={draft.title.trim() === ''}>
            <Field.Label>Title</Field.Label>
            <Input value={draft.title} onChange={(event) => put({ ...draft, title: event.target.value })} />
          </Field.Root>
          <MarkdownEditor label="Description" value={draft.description} onChange={(description) => put({ ...draft, description })} height={DESCRIPTION_EDITOR_HEIGHT} />
          <HStack justify="end">
            <Button size="sm" variant="ghost" onClick={stored.clear} disabled={saving}>
              Cancel
            </Button>
            <Button
              size="sm" colorPalette="blue" loading={saving} onClick={() => void save()}
              disabled={draft.title.trim() === '' || draft.description.trim() === ''}
            >
              Save
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Markdown>{ticket.description}</Markdown>
      )}
    </SectionCard>
  );
}
