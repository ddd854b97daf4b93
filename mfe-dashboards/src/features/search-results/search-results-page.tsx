import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Badge, Box, Button, Field, HStack, Heading, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { FindAnswer, FindQuery } from '@portal/contract';
import { useCompanies, useFind, useLookups } from '@portal/api-client';
import {
  companyHitPath, contactHitPath, isStaff, lookupColor, lookupName, MESSAGES, noteHitPath, searchGroupsFor, ticketHitPath, SEARCH_GROUPS,
  type LookupItem, type SearchGroup,
} from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession, useViewer } from '@portal/session';
import { DateText, ErrorAlert, SearchSnippet } from '@portal/ui';
import { useT } from '../../messages';

const GROUP_LABELS = {
  tickets: 'search.groupTickets', notes: 'search.groupNotes', companies: 'search.groupCompanies', contacts: 'search.groupContacts',
} as const satisfies Record<SearchGroup, string>;
/** 'Show all 12 tickets': one sentence a group. */
const SHOW_ALL = {
  tickets: 'search.showAllTickets', notes: 'search.showAllNotes', companies: 'search.showAllCompanies', contacts: 'search.showAllContacts',
} as const satisfies Record<SearchGroup, string>;
const isGroup = (value: string | null): value is SearchGroup => (SEARCH_GROUPS as readonly string[]).includes(value ?? '');
const positive = (value: string | null) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** The search the address names: /search?q=…&group=…&page=…&status=…&company=…&type=… */
function useFindParams(): [FindQuery, (next: Partial<FindQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const group = params.get('group');
  const status = params.get('status');
  const query: FindQuery = {
    q: params.get('q') ?? '',
    group: isGroup(group) ? group : undefined,
    page: positive(params.get('page')),
    status: status && /^\d+$/.test(status) ? status : undefined,
    company: positive(params.get('company')),
    type: positive(params.get('type')),
  };
  const update = (next: Partial<FindQuery>) => {
    const merged = { ...query, ...next };
    const entries = Object.entries(merged).filter(([key, value]) => value !== undefined && value !== '' && !(key === 'page' && value === 1));
    setParams(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])));
  };
  return [query, update];
}

function FilterSelect({ label, value, items, onChange }: {
  label: string; value: number | string | undefined; items: readonly { id: number; name: string }[]; onChange(value: string): void;
}) {
  const t = useT();
  return (
    <Field.Root w={{ base: 'full', md: '12rem' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value === undefined ? '' : String(value)} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('search.any')}</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>{item.name}</option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function TicketBadges({ statusId, priorityId, statuses, priorities }: {
  statusId: number; priorityId: number; statuses: readonly LookupItem[]; priorities: readonly LookupItem[];
}) {
  const t = useT();
  return (
    <HStack gap="1">
      <Badge colorPalette={lookupColor(statuses, statusId)} variant="subtle">{lookupName(statuses, statusId, t('search.statusFallback', { id: statusId }))}</Badge>
      <Badge colorPalette={lookupColor(priorities, priorityId)} variant="outline">{lookupName(priorities, priorityId, t('card.priorityFallback', { id: priorityId }))}</Badge>
    </HStack>
  );
}

function Hit({ to, title, children }: { to: string | null; title: string; children?: ReactNode }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid="search-hit">
      {to ? (
        <Link asChild fontWeight="medium" colorPalette="blue">
          <RouterLink to={to}>{title}</RouterLink>
        </Link>
      ) : (
        <Text fontWeight="medium">{title}</Text>
      )}
      <Stack gap="1" mt="1">{children}</Stack>
    </Box>
  );
}

function GroupItems({ group, answer }: { group: SearchGroup; answer: FindAnswer }) {
  const { statuses, priorities } = useLookups();
  const timeZone = useSession((s) => s.timeZone);
  const t = useT();
  switch (group) {
    case 'tickets':
      return (answer.tickets?.items ?? []).map((item) => (
        <Hit key={item.ticket_id} to={ticketHitPath(item)} title={`#${item.ticket_id} ${item.title}`}>
          <HStack gap="2" wrap="wrap">
            <TicketBadges statusId={item.status_id} priorityId={item.priority_id} statuses={statuses} priorities={priorities} />
            <Text fontSize="sm" color="fg.muted">{item.company_name}</Text>
          </HStack>
          <SearchSnippet parts={item.snippet} />
        </Hit>
      ));
    case 'notes':
      return (answer.notes?.items ?? []).map((item) => (
        <Hit key={item.activity_id} to={noteHitPath(item)} title={t('search.noteOn', { id: item.ticket_id, title: item.title })}>
          <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
            <TicketBadges statusId={item.status_id} priorityId={item.priority_id} statuses={statuses} priorities={priorities} />
            <Text>{item.company_name}</Text>
            <Text>{t.rich('search.noteBy', {
              name: item.contact_name ?? t('search.supportTeam'),
              date: <DateText key="date" as="span" iso={item.date_created} timeZone={timeZone} />,
            })}</Text>
          </HStack>
          <SearchSnippet parts={item.snippet} />
        </Hit>
      ));
    case 'companies':
      return (answer.companies?.items ?? []).map((item) => (
        <Hit key={item.company_id} to={companyHitPath(item)} title={item.name}>
          {item.url ? <Text fontSize="sm" color="fg.muted">{item.url}</Text> : null}
        </Hit>
      ));
    case 'contacts':
      return (answer.contacts?.items ?? []).map((item) => (
        <Hit key={item.contact_id} to={contactHitPath(item)} title={item.name}>
          <Text fontSize="sm" color="fg.muted">{[item.email, item.phone].filter(Boolean).join(' · ')}</Text>
        </Hit>
      ));
  }
}

/**
 * /search (docs/product/search.md#where-it-is): every group the viewer may search with its total and
 * first results; one group paged 20 at a time; status, company and type narrow tickets and notes.
 */
export function SearchResultsPage() {
  const viewer = useViewer();
  const t = useT();
  const messageText = useMessageText();
  const [query, update] = useFindParams();
  const [typed, setTyped] = useState(query.q);
  useEffect(() => setTyped(query.q), [query.q]);
  const { statuses, types } = useLookups();
  const staff = viewer ? isStaff(viewer.groupId) : false;
  const { data: companies } = useCompanies(staff);
  const { data: answer, error, isLoading } = useFind(query.q.trim() ? query : null);
  const groups = viewer ? searchGroupsFor(viewer.groupId).filter((group) => !query.group || group === query.group) : [];
  const page = query.page ?? 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // After the submit event: the router navigates in a transition, and a transition started inside a
    // submit event makes React read the form as a form action (which this form does not have).
    const q = typed.trim();
    queueMicrotask(() => update({ q, page: undefined }));
  };
  const lookupItems = (items: readonly LookupItem[]) => items.map((item) => ({ id: Number(item.id), name: item.name }));
  const found = answer && groups.some((group) => (answer[group]?.total ?? 0) > 0);

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">{t('search.heading')}</Heading>
      <Box as="form" role="search" onSubmit={submit}>
        <Stack gap="3">
          <HStack align="end" gap="2">
            <Field.Root flex="1">
              <Field.Label>{t('search.label')}</Field.Label>
              <Input value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={t('search.placeholder')} />
            </Field.Root>
            <Button type="submit" colorPalette="blue">{t('search.submit')}</Button>
          </HStack>
          <HStack gap="3" wrap="wrap">
            <FilterSelect label={t('search.status')} value={query.status} items={lookupItems(statuses)} onChange={(value) => update({ status: value || undefined, page: undefined })} />
            {staff ? (
              <FilterSelect
                label={t('search.company')}
                value={query.company}
                items={(companies ?? []).map((company) => ({ id: company.company_id, name: company.name }))}
                onChange={(value) => update({ company: value ? Number(value) : undefined, page: undefined })}
              />
            ) : null}
            <FilterSelect label={t('search.type')} value={query.type} items={lookupItems(types)} onChange={(value) => update({ type: value ? Number(value) : undefined, page: undefined })} />
          </HStack>
        </Stack>
      </Box>

      <ErrorAlert message={answer ? null : error} />
      {!query.q.trim() ? <Text color="fg.muted">{t('search.hint')}</Text> : null}
      {query.q.trim() && isLoading && !answer ? <Text color="fg.muted">{messageText(MESSAGES.loading)}</Text> : null}
      {answer && !found ? <Text role="status">{messageText(MESSAGES.noResultsFound)}</Text> : null}
      {query.group ? (
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to={`/search?q=${encodeURIComponent(query.q)}`}>{t('search.backToAll')}</RouterLink>
        </Link>
      ) : null}

      {answer && found
        ? groups.map((group) => {
          const result = answer[group];
          if (!result || result.total === 0) return null;
          const pages = Math.max(1, Math.ceil(result.total / answer.page_size));
          // Tickets and notes rank at most the newest 1000 matches; more words narrow a search that found more.
          const count = result.capped ? `${result.total}+` : String(result.total);
          return (
            <Box as="section" key={group} aria-label={t(GROUP_LABELS[group])}>
              <Heading as="h2" size="md" mb="2">
                {t('search.groupHeading', { group: t(GROUP_LABELS[group]), count })}
              </Heading>
              <Stack as="ul" gap="2" listStyleType="none">
                <GroupItems group={group} answer={answer} />
              </Stack>
              {!query.group && result.total > result.items.length ? (
                <Button size="sm" variant="outline" mt="2" onClick={() => update({ group, page: undefined })}>
                  {t(SHOW_ALL[group], { count })}
                </Button>
              ) : null}
              {query.group && pages > 1 ? (
                <HStack mt="3" gap="3">
                  <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => update({ page: page - 1 })}>{t('search.previousPage')}</Button>
                  <Text fontSize="sm">{t('search.pageOf', { page, pages })}</Text>
                  <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => update({ page: page + 1 })}>{t('search.nextPage')}</Button>
                </HStack>
              ) : null}
            </Box>
          );
        })
        : null}
    </Stack>
  );
}
