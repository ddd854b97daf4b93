import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactElement, type RefObject } from 'react';
import { Badge, Box, HStack, Input, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { FindAnswer } from '@portal/contract';
import { useFind, useLookups } from '@portal/api-client';
import {
  companyHitPath, contactHitPath, lookupColor, lookupName, noteHitPath, searchPagePath, ticketHitPath, type LookupItem, type SearchGroup,
} from '@portal/domain';
import { SearchSnippet } from '@portal/ui';
import { searchRoom } from '../../components/header-room';
import { useT } from '../../messages';

/** How long typing pauses before the box asks (docs/product/search.md#where-it-is). */
export const SEARCH_TYPING_PAUSE_MS = 200;

/** Where `/` is worth a mention: a screen wide enough, with a pointer that hovers (a keyboard is likely). A phone's box says 'Search'. */
export const SLASH_HINT_MEDIA = '(min-width: 48em) and (hover: hover) and (pointer: fine)';

const GROUP_LABELS = { tickets: 'search.tickets', notes: 'search.notes', companies: 'search.companies', contacts: 'search.contacts' } as const satisfies Record<SearchGroup, string>;

type T = ReturnType<typeof useT>;

interface Option {
  id: string;
  group: SearchGroup | 'all';
  path: string;
  render: () => ReactElement;
}

/** `/` focuses the box, unless the key is typed into a field. */
function useSlashFocus(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}

/** Does the screen match `query` now (and again whenever that changes)? */
function useMatchMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}

function useTypingPause(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

function StatusBadges({ statusId, priorityId, statuses, priorities }: {
  statusId: number; priorityId: number; statuses: readonly LookupItem[]; priorities: readonly LookupItem[];
}) {
  const t = useT();
  return (
    <HStack gap="1" flexShrink={0}>
      <Badge size="sm" colorPalette={lookupColor(statuses, statusId)} variant="subtle">{lookupName(statuses, statusId, t('search.status', { id: String(statusId) }))}</Badge>
      <Badge size="sm" colorPalette={lookupColor(priorities, priorityId)} variant="outline">{lookupName(priorities, priorityId, t('search.priority', { id: String(priorityId) }))}</Badge>
    </HStack>
  );
}

/** The answer as a flat list of options, group by group, ending with the results page. */
function optionsOf(answer: FindAnswer | undefined, q: string, idPrefix: string, lookups: ReturnType<typeof useLookups>, t: T): Option[] {
  if (!answer) return [];
  const options: Option[] = [];
  const { statuses, priorities } = lookups;
  for (const item of answer.tickets?.items ?? []) {
    options.push({
      id: `${idPrefix}-ticket-${item.ticket_id}`, group: 'tickets', path: ticketHitPath(item),
      render: () => (
        <>
          <HStack justify="space-between" gap="2">
            <Text fontWeight="medium" truncate>#{item.ticket_id} {item.title}</Text>
            <StatusBadges statusId={item.status_id} priorityId={item.priority_id} statuses={statuses} priorities={priorities} />
          </HStack>
          <Text fontSize="xs" color="fg.muted">{item.company_name}</Text>
          <SearchSnippet parts={item.snippet} />
        </>
      ),
    });
  }
  for (const item of answer.notes?.items ?? []) {
    options.push({
      id: `${idPrefix}-note-${item.activity_id}`, group: 'notes', path: noteHitPath(item),
      render: () => (
        <>
          <Text fontWeight="medium" truncate>{t('search.noteOn', { ticket: String(item.ticket_id), title: item.title })}</Text>
          <SearchSnippet parts={item.snippet} />
        </>
      ),
    });
  }
  for (const item of answer.companies?.items ?? []) {
    options.push({
      id: `${idPrefix}-company-${item.company_id}`, group: 'companies', path: companyHitPath(item),
      render: () => (
        <>
          <Text fontWeight="medium">{item.name}</Text>
          {item.url ? <Text fontSize="xs" color="fg.muted">{item.url}</Text> : null}
        </>
      ),
    });
  }
  for (const item of answer.contacts?.items ?? []) {
    const path = contactHitPath(item);
    if (!path) continue;
    options.push({
      id: `${idPrefix}-contact-${item.contact_id}`, group: 'contacts', path,
      render: () => (
        <>
          <Text fontWeight="medium">{item.name}</Text>
          <Text fontSize="xs" color="fg.muted">{[item.email, item.phone].filter(Boolean).join(' · ')}</Text>
        </>
      ),
    });
  }
  options.push({
    id: `${idPrefix}-all`, group: 'all', path: searchPagePath(q),
    render: () => <Text fontWeight="medium" color="blue.700">{t('search.seeAll', { q })}</Text>,
  });
  return options;
}

/**
 * The header's search box (docs/product/search.md#where-it-is): results as you type after a short
 * pause, grouped; arrow keys move, Enter opens, Escape closes; `/` focuses it from anywhere.
 */
export function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const idPrefix = useId().replace(/:/g, '');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useTypingPause(text).trim();
  const lookups = useLookups();
  const { data, isLoading } = useFind(q ? { q } : null);
  const options = useMemo(() => optionsOf(data, q, idPrefix, lookups, t), [data, q, idPrefix, lookups, t]);
  const expanded = open && q !== '' && (options.length > 0 || isLoading);
  useSlashFocus(input);
  const slashHint = useMatchMedia(SLASH_HINT_MEDIA);

  useEffect(() => setActive(-1), [data]);

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = options[active];
      if (chosen) go(chosen.path);
      else if (text.trim()) go(searchPagePath(text.trim()));
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else {
        input.current?.blur();
      }
    }
  };

  const listId = `${idPrefix}-results`;
  let lastGroup: Option['group'] | null = null;
  return (
    // On a phone the results hang from the header (positioned), as wide as the screen, not from the narrow box.
    <Box position={{ base: 'static', md: 'relative' }} {...searchRoom} role="search">
      <Input
        ref={input}
        size="sm"
        bg="white"
        color="fg"
        placeholder={slashHint ? t('search.placeholderSlash') : t('search.label')}
        aria-label={t('search.label')}
        aria-keyshortcuts="/"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] ? options[active].id : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label={t('search.results')}
        hidden={!expanded}
        position="absolute"
        top="100%"
        left={{ base: '2', md: '0' }}
        right={{ base: '2', md: 'auto' }}
        mt="1"
        w={{ base: 'auto', md: '32rem' }}
        maxH="70vh"
        overflowY="auto"
        bg="bg"
        color="fg"
        borderWidth="1px"
        borderRadius="md"
        shadow="lg"
        zIndex="dropdown"
        listStyleType="none"
        py="1"
      >
        {isLoading && options.length === 0 ? (
          <Box as="li" role="option" aria-selected={false} aria-disabled px="3" py="2" fontSize="sm" color="fg.muted">{t('search.searching')}</Box>
        ) : null}
        {options.map((option, index) => {
          const heading = option.group !== lastGroup && option.group !== 'all' ? t(GROUP_LABELS[option.group]) : null;
          lastGroup = option.group;
          return (
            <Box as="li" key={option.id} role="presentation">
              {heading ? (
                <Text px="3" pt="2" pb="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" aria-hidden>
                  {heading}
                </Text>
              ) : null}
              <Box
                id={option.id}
                role="option"
                aria-selected={index === active}
                px="3"
                py="2"
                cursor="pointer"
                bg={index === active ? 'blue.50' : undefined}
                _hover={{ bg: 'bg.muted' }}
                borderTopWidth={option.group === 'all' ? '1px' : undefined}
                // The input keeps focus (and the list stays open) while the pointer chooses.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(option.path)}
              >
                {option.render()}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
