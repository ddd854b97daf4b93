import { useState } from 'react';
import { Badge, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useSavedViewMutations, useSavedViews } from '@portal/api-client';
import { MESSAGES, savedViewLink } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../messages';

/**
 * The dashboard's "Saved views" (docs/product/tags-and-views.md#saved-views): each of the staff member's views with
 * the count of tickets it shows now, a link that opens the board with its filter, and delete.
 */
export function SavedViewsPanel() {
  const t = useT();
  const messageText = useMessageText();
  const { data, error } = useSavedViews();
  const { remove } = useSavedViewMutations();
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function drop(id: number) {
    setBusy(id);
    setFailure(null);
    try {
      await remove(id);
    } catch (caught) {
      setFailure(messageText(errorMessage(caught)));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack as="section" aria-label={t('views.heading')} gap="2" borderWidth="1px" rounded="lg" p="3">
      <Heading as="h2" size="sm">{t('views.heading')}</Heading>
      <ErrorAlert message={failure ?? (error && !data ? messageText(errorMessage(error)) : null)} size="sm" />
      {!data && !error ? <Text fontSize="sm" color="fg.muted">{messageText(MESSAGES.loading)}</Text> : null}
      {data && data.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">{t('views.empty')}</Text>
      ) : null}
      {data && data.length > 0 ? (
        <Stack as="ul" gap="1" listStyleType="none" ms="0">
          {data.map((view) => (
            <HStack as="li" key={view.id} justify="space-between" gap="2">
              <HStack gap="2">
                <Link asChild colorPalette="blue" fontSize="sm">
                  <RouterLink to={savedViewLink(view)}>{view.name}</RouterLink>
                </Link>
                <Badge size="sm" variant="subtle" data-testid="saved-view-count">
                  {view.count}
                  <Text as="span" srOnly>{t('views.countUnit', { count: view.count })}</Text>
                </Badge>
              </HStack>
              <Button size="2xs" variant="ghost" colorPalette="red" aria-label={t('views.deleteLabel', { name: view.name })} loading={busy === view.id}
                onClick={() => void drop(view.id)}>
                {t('views.delete')}
              </Button>
            </HStack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
