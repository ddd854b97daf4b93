import { useState } from 'react';
import { Field, Heading, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { AccountingCustomer } from '@portal/contract';
import { errorMessage, useAccountingCustomers, useAccountingInvoices, useAccountingStatus } from '@portal/api-client';
import { MESSAGES, canUseAccounting, formatDateUs, formatUsd } from '@portal/domain';
import { useViewer } from '@portal/session';
import { ErrorAlert } from '@portal/ui';

/** The service sends amounts as decimal strings. */
const usd = (value: string) => formatUsd(Number(value));

const customerLabel = (customer: AccountingCustomer) => `${customer.name} (${usd(customer.outstandingAmount.value)} outstanding)`;

function CustomerInvoices({ customerId }: { customerId: string }) {
  const { data, error, isLoading } = useAccountingInvoices(customerId);
  if (error) return <ErrorAlert message={errorMessage(error)} size="sm" />;
  if (isLoading || !data) return <Text color="fg.muted">Loading…</Text>;
  if (data.length === 0) return <Text color="fg.muted">No invoices for this customer.</Text>;
  return (
    <Table.Root size="sm" aria-label="Customer invoices">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Number</Table.ColumnHeader>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount due</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount paid</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data.map((invoice) => (
          <Table.Row key={invoice.id} aria-label={`Invoice ${invoice.invoiceNumber}`}>
            <Table.Cell>{invoice.invoiceNumber}</Table.Cell>
            <Table.Cell>{formatDateUs(invoice.invoiceDate)}</Table.Cell>
            <Table.Cell textAlign="end">{usd(invoice.amountDue.value)}</Table.Cell>
            <Table.Cell textAlign="end">{usd(invoice.amountPaid.value)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/**
 * Customers and invoices (docs/product/time-and-billing.md#accounting-service) from the external accounting service,
 * through the API; unconfigured, the screen says the feature is not connected.
 */
export function AccountingBlock() {
  const viewer = useViewer();
  const allowed = viewer !== null && canUseAccounting(viewer);
  const status = useAccountingStatus();
  const connected = allowed && status.data === true;
  const customers = useAccountingCustomers(connected);
  const [customerId, setCustomerId] = useState('');
  if (!allowed) return null;

  return (
    <Stack as="section" aria-labelledby="accounting-heading" gap="3" borderTopWidth="1px" pt="6">
      <Heading as="h2" size="lg" id="accounting-heading">
        Accounting
      </Heading>
      {status.error ? <ErrorAlert message={errorMessage(status.error)} size="sm" /> : null}
      {status.data === false ? <Text>{MESSAGES.serviceNotConnected}</Text> : null}
      {customers.error ? <ErrorAlert message={errorMessage(customers.error)} size="sm" /> : null}
      {connected && customers.data ? (
        <>
          <Field.Root maxW="md">
            <Field.Label>Customer</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={customerId} onChange={(e) => setCustomerId(e.currentTarget.value)}>
                <option value="">Choose a customer</option>
                {customers.data.map((customer) => (
                  <option key={customer.id} value={customer.id}>
                    {customerLabel(customer)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {customerId ? <CustomerInvoices customerId={customerId} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
