import { useState, type KeyboardEvent } from 'react';
import { Badge, Box, Button, HStack, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { X } from 'lucide-react';
import type { TicketDetail } from '@portal/contract';
import { errorMessage, useTagMutations, useTags } from '@portal/api-client';
import { canTagTickets, normaliseTagName, suggestTags, type Viewer } from '@portal/domain';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../../messages';

/**
 * The ticket's tags (docs/product/tags-and-views.md): chips with a remove button, and an input that offers the tags
 * already in use as one types; Enter adds what is typed (or the suggestion chosen with the arrow keys). Staff only.
 */
export function TicketTags({ ticket, viewer }: { ticket: TicketDetail; viewer: Viewer }) {
  const allowed = canTagTickets(viewer);
  const { data: known, error: knownError } = useTags(allowed);
  const change = useTagMutations();
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const { saving: busy, error: failed, run } = useSaveState();
  const failure = failed ? errorMessage(failed) : null;
  const t = useT();
  if (!allowed) return null;

  const tags = ticket.tags ?? [];
  const suggestions = text.trim() === '' ? [] : suggestTags(known ?? [], text, tags);

  const add = (name: string) => run(async () => {
    const tag = normaliseTagName(name);
    if (tag === '') return;
    await change.addToTicket(ticket.ticket_id, tag);
    setText('');
    setActive(-1);
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void add(suggestions[active]?.name ?? text);
    } else if (event.key === 'Escape') {
      setActive(-1);
    }
  }

  return (
    <Stack gap="2" role="group" aria-label={t('tags.heading')}>
      <Text fontWeight="semibold">{t('tags.heading')}</Text>
      {tags.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">{t('tags.none')}</Text>
      ) : (
        <Wrap gap="1" as="ul" listStyleType="none" ms="0">
          {tags.map((name) => (
            <Badge as="li" key={name} size="md" variant="subtle" colorPalette="purple" gap="1" pe="0">
              <Text as="span">{name}</Text>
              <IconButton size="2xs" variant="ghost" aria-label={t('tags.remove', { name })} disabled={busy}
                onClick={() => void run(() => change.removeFromTicket(ticket.ticket_id, name))}>
                <X />
              </IconButton>
            </Badge>
          ))}
        </Wrap>
      )}
      <Box position="relative">
        <HStack gap="2">
          <Input
            size="sm"
            aria-label={t('tags.addLabel')}
            placeholder={t('tags.placeholder')}
            role="combobox"
            aria-expanded={suggestions.length > 0}
            aria-controls={suggestions.length > 0 ? 'ticket-tag-suggestions' : undefined}
            aria-activedescendant={suggestions[active] ? `ticket-tag-suggestion-${suggestions[active].id}` : undefined}
            aria-autocomplete="list"
            value={text}
            maxLength={40}
            disabled={busy}
            onChange={(event) => {
              setText(event.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
          <Button size="sm" variant="outline" disabled={busy || normaliseTagName(text) === ''} onClick={() => void add(text)}>{t('tags.add')}</Button>
        </HStack>
        {suggestions.length > 0 ? (
          <Stack id="ticket-tag-suggestions" role="listbox" aria-label={t('tags.suggestions')} gap="0" mt="1" borderWidth="1px" rounded="md" bg="bg.panel">
            {suggestions.map((tag, index) => (
              <Box
                key={tag.id}
                id={`ticket-tag-suggestion-${tag.id}`}
                role="option"
                aria-selected={index === active}
                px="2"
                py="1"
                fontSize="sm"
                cursor="pointer"
                bg={index === active ? 'bg.muted' : undefined}
                _hover={{ bg: 'bg.muted' }}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void add(tag.name)}
              >
                {tag.name} <Text as="span" color="fg.muted">({tag.usage_count})</Text>
              </Box>
            ))}
          </Stack>
        ) : null}
      </Box>
      <ErrorAlert message={failure ?? (knownError && !known ? errorMessage(knownError) : null)} />
    </Stack>
  );
}
