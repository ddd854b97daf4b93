import { useState } from 'react';
import { Box, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import type { Activity } from '@portal/contract';
import { useActivityMutations, useTicketActivity } from '@portal/api-client';
import { ConfirmDialog, DateText, Markdown, ErrorAlert } from '@portal/ui';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete';
import { SectionCard } from './section-card';
import { NoteEditor } from './note-editor';

/** Spec 000 §3: an activity with no contact was written by the support team. */
function authorOf(item: Activity): string {
  return item.contact_name?.trim() ? item.contact_name : 'support team';
}

/** The activity feed (at most 500 px high, scrolling, notes in markdown) and the note editor. */
export function ActivityFeed({ ticketId, canDelete, timeZone, poll }: { ticketId: number; canDelete: boolean; timeZone: string; poll: boolean }) {
  const { data: items } = useTicketActivity(ticketId, { poll });
  const { remove } = useActivityMutations(ticketId);
  const [error, setError] = useState<string | null>(null);
  const deletion = useConfirmedDelete((item: Activity) => remove(item.activity_id), setError);

  return (
    <SectionCard title="Activity">
      <Stack gap="3">
        <ErrorAlert message={error} />
        <Box maxH="500px" overflowY="auto" data-testid="activity-feed" pe="1">
          {items && items.length > 0 ? (
            <Stack as="ol" gap="3" listStyleType="none">
              {items.map((item) => (
                <Box as="li" key={item.activity_id} borderWidth="1px" rounded="md" p="3" aria-label={`Note by ${authorOf(item)}`}>
                  <HStack justify="space-between" mb="1">
                    <Text fontWeight="semibold" fontSize="sm">
                      {authorOf(item)}
                    </Text>
                    <HStack gap="1">
                      <DateText iso={item.date_created} timeZone={timeZone} withTime fontSize="xs" color="fg.muted" />
                      {canDelete ? (
                        <IconButton size="xs" variant="ghost" colorPalette="red" aria-label="Delete activity" onClick={() => deletion.ask(item)}>
                          <Trash2 />
                        </IconButton>
                      ) : null}
                    </HStack>
                  </HStack>
                  <Markdown>{item.note}</Markdown>
                </Box>
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              No activity yet.
            </Text>
          )}
        </Box>
        <NoteEditor ticketId={ticketId} />
      </Stack>
      <ConfirmDialog
        open={deletion.pending !== null}
        message="This will permanently remove this activity. Are you sure?"
        busy={deletion.busy}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </SectionCard>
  );
}
