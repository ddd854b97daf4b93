import { useState } from 'react';
import { Badge, Button, Field, HStack, Heading, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { StatementSummary } from '@portal/contract';
import { errorMessage, useStatementMonth, useStatementMutations } from '@portal/api-client';
import {
  canManageStatements, formatDateUs, formatUnitsHhmm, formatUsd, lastMonthPeriods, monthLabel, parseYearMonth, statementStatusLabel,
} from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { ErrorAlert, ListStates, NotAuthorized, NotFoundPage } from '@portal/ui';

/** How many months back the month picker offers. */
const MONTHS_SHOWN = 13;

const STATUS_COLORS = { draft: 'gray', held: 'orange', sent: 'green' } as const;

function StatementRow({ statement, timeZone, onError }: { statement: StatementSummary; timeZone: string; onError(message: string | null): void }) {
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
        <Badge colorPalette={STATUS_COLORS[statement.status]}>{statementStatusLabel(statement.status)}</Badge>
        {statement.status === 'sent' && statement.date_sent ? (
          <Text as="span" ms="2" fontSize="xs" color="fg.muted">{formatDateUs(statement.date_sent, timeZone)}</Text>
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">{formatUnitsHhmm(statement.total_units)}</Table.Cell>
      <Table.Cell textAlign="end">{formatUsd(statement.total_amount)}</Table.Cell>
      <Table.Cell>
        <HStack gap="2" justify="end">
          <Link asChild colorPalette="blue" fontSize="sm">
            <RouterLink to={`/clients/${companyId}/statements/${month}`} aria-label={`Preview ${statement.company_name}`}>Preview</RouterLink>
          </Link>
          {statement.status === 'draft' ? (
            <Button size="xs" variant="outline" loading={busy} onClick={() => act(() => hold(companyId, month))} aria-label={`Hold ${statement.company_name}`}>
              Hold
            </Button>
          ) : null}
          {statement.status === 'held' ? (
            <Button size="xs" variant="outline" loading={busy} onClick={() => act(() => release(companyId, month))} aria-label={`Release ${statement.company_name}`}>
              Release
            </Button>
          ) : null}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

function MonthPicker({ month, timeZone, onPick }: { month: string; timeZone: string; onPick(month: string): void }) {
  const months = lastMonthPeriods(new Date(), MONTHS_SHOWN, timeZone).map((period) => period.month).reverse();
  const options = months.includes(month) ? months : [month, ...months];
  return (
    <Field.Root maxW="xs">
      <Field.Label>Month</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={month} onChange={(event) => onPick(event.currentTarget.value)}>
          {options.map((value) => <option key={value} value={value}>{monthLabel(value)}</option>)}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function StatementMonth({ month, timeZone }: { month: string; timeZone: string }) {
  const { data, error, isLoading } = useStatementMonth(month);
  const [writeError, setWriteError] = useState<string | null>(null);
  return (
    <Stack gap="3">
      <ErrorAlert message={writeError} />
      <ListStates data={data} error={error ? errorMessage(error) : null} loading={isLoading && data === undefined} emptyText="No statements this month.">
        {(statements) => (
          <Table.Root size="sm" aria-label="Statements">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Company</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Time</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
                <Table.ColumnHeader><Text srOnly>Actions</Text></Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {statements.map((statement) => (
                <StatementRow key={statement.company_id} statement={statement} timeZone={timeZone} onError={setWriteError} />
              ))}
            </Table.Body>
          </Table.Root>
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
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const navigate = useNavigate();
  const { month: param } = useParams();
  if (!viewer || !canManageStatements(viewer)) return <NotAuthorized />;
  const month = param ?? lastMonthPeriods(new Date(), 1, timeZone)[0]!.month;
  if (!parseYearMonth(month)) return <NotFoundPage />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">Statements</Heading>
      <Text color="fg.muted">
        Each company's statement of a month goes to its primary contacts on the 1st of the month after. Preview one, or hold it back until you release it.
      </Text>
      <MonthPicker month={month} timeZone={timeZone} onPick={(next) => navigate(`/admins/statements/${next}`)} />
      <StatementMonth key={month} month={month} timeZone={timeZone} />
    </Stack>
  );
}
