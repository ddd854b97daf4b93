import { useState } from 'react';
import { Badge, Button, Field, HStack, Heading, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { StatementSummary } from '@portal/contract';
import { errorMessage, useStatementMonth, useStatementMutations } from '@portal/api-client';
import { canManageStatements, formatDate, formatMoney, formatUnitsHhmm, lastMonthPeriods, parseYearMonth } from '@portal/domain';
import { useFormats, useSession, useViewer } from '@portal/session';
import { ErrorAlert, ListStates, NotAuthorized, NotFoundPage } from '@portal/ui';
import { monthName } from '../../lib/month-name';
import { useT } from '../../messages';

/** How many months back the month picker offers. */
const MONTHS_SHOWN = 13;

const STATUS_COLORS = { draft: 'gray', held: 'orange', sent: 'green' } as const;
const STATUS_LABELS = { draft: 'statementStatus.draft', held: 'statementStatus.held', sent: 'statementStatus.sent' } as const;

function StatementRow({ statement, timeZone, onError }: { statement: StatementSummary; timeZone: string; onError(message: string | null): void }) {
  const t = useT();
  const formats = { ...useFormats(), timeZone };
  const { hold, release } = useStatementMutations();
  const [busy, setBusy] = useState(false);
  const act = async (write: () => Promise<unknown>) => {
    setBusy(true);
    onError(null);
    try {
      await write();
    } catch (error) {
      onError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const { company_id: companyId, month } = statement;
  return (
    <Table.Row aria-label={statement.company_name}>
      <Table.Cell>{statement.company_name}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_COLORS[statement.status]}>{t(STATUS_LABELS[statement.status])}</Badge>
        {statement.status === 'sent' && statement.date_sent ? (
          <Text as="span" ms="2" fontSize="xs" color="fg.muted">{formatDate(statement.date_sent, formats)}</Text>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">{formatUnitsHhmm(statement.total_units)}</Table.Cell>
      <Table.Cell textAlign="end">{formatMoney(statement.total_amount, formats)}</Table.Cell>
      <Table.Cell>
        <HStack gap="2" justify="end">
          <Link asChild colorPalette="blue" fontSize="sm">
            <RouterLink to={`/clients/${companyId}/statements/${month}`} aria-label={t('statements.previewLabel', { company: statement.company_name })}>{t('statements.preview')}</RouterLink>
          </Link>
          {statement.status === 'draft' ? (
            <Button size="xs" variant="outline" loading={busy} onClick={() => act(() => hold(companyId, month))} aria-label={t('statements.holdLabel', { company: statement.company_name })}>
              {t('statements.hold')}
            </Button>
          ) : null}
          {statement.status === 'held' ? (
            <Button size="xs" variant="outline" loading={busy} onClick={() => act(() => release(companyId, month))} aria-label={t('statements.releaseLabel', { company: statement.company_name })}>
              {t('statements.release')}
            </Button>
          ) : null}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

function MonthPicker({ month, timeZone, onPick }: { month: string; timeZone: string; onPick(month: string): void }) {
  const t = useT();
  const language = useSession((s) => s.language);
  const months = lastMonthPeriods(new Date(), MONTHS_SHOWN, timeZone).map((period) => period.month).reverse();
  const options = months.includes(month) ? months : [month, ...months];
  return (
    <Field.Root maxW="xs">
      <Field.Label>{t('statements.month')}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={month} onChange={(event) => onPick(event.currentTarget.value)}>
          {options.map((value) => <option key={value} value={value}>{monthName(value, language)}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function StatementMonth({ month, timeZone }: { month: string; timeZone: string }) {
  const t = useT();
  const { data, error, isLoading } = useStatementMonth(month);
  const [writeError, setWriteError] = useState<string | null>(null);
  return (
    <Stack gap="3">
      <ErrorAlert message={writeError} />
      <ListStates data={data} error={error ? errorMessage(error) : null} loading={isLoading && data === undefined} emptyText={t('statements.empty')}>
        {(statements) => (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={t('statements.caption')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('column.company')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('column.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('column.time')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('column.value')}</Table.ColumnHeader>
                  <Table.ColumnHeader><Text srOnly>{t('statements.actions')}</Text></Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {statements.map((statement) => (
                  <StatementRow key={statement.company_id} statement={statement} timeZone={timeZone} onError={setWriteError} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </ListStates>
    </Stack>
  );
}

/**
 * /admins/statements[/YYYY-MM] (docs/product/statements.md#previewing-and-holding): every company's statement of the
 * month with its status; each previewed, held before the send or released. This month by default.
 */
export function AdminStatementsPage() {
  const t = useT();
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const navigate = useNavigate();
  const { month: param } = useParams();
  if (!viewer || !canManageStatements(viewer)) return <NotAuthorized />;
  const month = param ?? lastMonthPeriods(new Date(), 1, timeZone)[0]!.month;
  if (!parseYearMonth(month)) return <NotFoundPage />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">{t('statements.heading')}</Heading>
      <Text color="fg.muted">{t('statements.intro')}</Text>
      <MonthPicker month={month} timeZone={timeZone} onPick={(next) => navigate(`/admins/statements/${next}`)} />
      <StatementMonth key={month} month={month} timeZone={timeZone} />
    </Stack>
  );
}
