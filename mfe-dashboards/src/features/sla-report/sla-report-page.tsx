import { Box, Field, Heading, HStack, Input, Link, List, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { SlaReportAnswer } from '@portal/contract';
import { useCompanies, useSlaReport } from '@portal/api-client';
import { MESSAGES, formatDateTime, formatYearMonth, parseYearMonth, yearMonthOf } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats, useSession } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { longMonthText } from '../../lib/month-text';
import { useDurations } from '../../lib/use-durations';
import { useT } from '../../messages';

// The monthly response-times report (docs/product/response-times.md#the-monthly-report): a month and a company to
// choose, a table per company (and the total), and the breaches with links to their tickets. Admins only (the API
// answers anyone else 403).

type Part = SlaReportAnswer['total'];

const TARGET_NAMES = { first_response: 'sla.firstResponse', resolution: 'sla.resolution' } as const;

function PartTable({ part, label }: { part: Part; label: string }) {
  const t = useT();
  const durations = useDurations();
  const percent = (value: number | null) => (value === null ? '—' : t('sla.percent', { value }));
  const duration = (minutes: number | null) => (minutes === null ? '—' : durations.business(minutes));
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('sla.target')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('sla.met')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('sla.missed')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('sla.targetsMet')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('sla.median')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {(['first_response', 'resolution'] as const).map((target) => (
          <Table.Row key={target}>
            <Table.Cell>{t(TARGET_NAMES[target])}</Table.Cell>
            <Table.Cell textAlign="end">{part[target].met}</Table.Cell>
            <Table.Cell textAlign="end">{part[target].missed}</Table.Cell>
            <Table.Cell textAlign="end">{percent(part[target].met_percent)}</Table.Cell>
            <Table.Cell textAlign="end">{duration(part[target].median_minutes)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Breaches({ part, timeZone }: { part: Part; timeZone: string }) {
  const t = useT();
  const formats = useFormats();
  if (part.breaches.length === 0) return <Text color="fg.muted">{t('sla.noBreaches')}</Text>;
  return (
    <List.Root gap="1" ps="5">
      {part.breaches.map((breach) => (
        <List.Item key={`${breach.ticket_id}-${breach.target}`}>
          {t.rich('sla.breach', {
            link: (chunks) => (
              <Link key="link" asChild colorPalette="blue">
                <RouterLink to={`/clients/${breach.company_id}/tickets/${breach.ticket_id}`}>{chunks.join('')}</RouterLink>
              </Link>
            ),
            id: breach.ticket_id,
            title: breach.title,
            target: t(TARGET_NAMES[breach.target]),
            due: formatDateTime(breach.due_at, { ...formats, timeZone }),
          })}
        </List.Item>
      ))}
    </List.Root>
  );
}

function PartSection({ part, name, timeZone }: { part: Part; name: string; timeZone: string }) {
  const t = useT();
  return (
    <Box as="section" aria-label={name} borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md">{name}</Heading>
          <Text>{t('sla.tickets', { count: part.tickets })}</Text>
        </HStack>
        <PartTable part={part} label={t('sla.targetsOf', { name })} />
        <Heading as="h3" size="sm">{t('sla.breaches')}</Heading>
        <Breaches part={part} timeZone={timeZone} />
      </Stack>
    </Box>
  );
}

/** /admins/stats/response-times: the report of a month (this month by default), of every company or one. */
export function SlaReportPage() {
  const sessionZone = useSession((s) => s.timeZone);
  const t = useT();
  const messageText = useMessageText();
  const { locale } = useFormats();
  const [params, setParams] = useSearchParams();
  const month = parseYearMonth(params.get('month')) ? params.get('month')! : formatYearMonth(yearMonthOf(new Date(), sessionZone));
  const companyId = Number(params.get('company')) > 0 ? Number(params.get('company')) : undefined;
  const { data: companies } = useCompanies();
  const { data, error } = useSlaReport(month, companyId);
  const choose = (next: { month?: string; company?: number }) => {
    const merged = { month, company: companyId, ...next };
    setParams({ month: merged.month, ...(merged.company ? { company: String(merged.company) } : {}) }, { replace: true });
  };
  const zone = data?.time_zone ?? sessionZone;

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        {t('sla.heading')}
      </Heading>
      <HStack gap="4" wrap="wrap" align="end">
        <Field.Root maxW="xs">
          <Field.Label>{t('sla.month')}</Field.Label>
          <Input
            type="month"
            size="sm"
            value={month}
            onChange={(event) => {
              if (parseYearMonth(event.currentTarget.value)) choose({ month: event.currentTarget.value });
            }}
          />
        </Field.Root>
        <Field.Root maxW="xs">
          <Field.Label>{t('sla.company')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={companyId === undefined ? '' : String(companyId)} onChange={(event) => choose({ company: Number(event.currentTarget.value) || 0 })}>
              <option value="">{t('sla.allCompanies')}</option>
              {(companies ?? []).map((company) => (
                <option key={company.company_id} value={company.company_id}>
                  {company.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </HStack>
      <ErrorAlert message={data ? null : error} />
      {!data && !error ? <Text color="fg.muted">{messageText(MESSAGES.loading)}</Text> : null}
      {data && data.total.tickets === 0 ? <Text>{t('sla.empty', { month: longMonthText(month, locale) })}</Text> : null}
      {data && data.total.tickets > 0 ? (
        <>
          <Text color="fg.muted">{t('sla.intro', { month: longMonthText(month, locale), zone: data.time_zone })}</Text>
          {companyId === undefined ? <PartSection part={data.total} name={t('sla.allCompanies')} timeZone={zone} /> : null}
          {data.companies.map((company) => (
            <PartSection key={company.company_id} part={company} name={company.company_name} timeZone={zone} />
          ))}
        </>
      ) : null}
    </Stack>
  );
}
