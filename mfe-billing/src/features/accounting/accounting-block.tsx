import { useState } from 'react';
import { Field, Heading, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useAccountingCustomers, useAccountingInvoices, useAccountingStatus } from '@portal/api-client';
import { MESSAGES, canUseAccounting, formatDate, formatMoney, type Formats } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats, useViewer } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

/** The service sends amounts as decimal strings, in the agency's currency. */
const money = (value: string, formats: Formats) => formatMoney(Number(value), formats);

function CustomerInvoices({ customerId }: { customerId: string }) {
  const t = useT();
  const formats = useFormats();
  const { data, error, isLoading } = useAccountingInvoices(customerId);
  if (error) return <ErrorAlert message={errorMessage(error)} size="sm" />;
  if (isLoading || !data) return <Text color="fg.muted">{t('common.loading')}</Text>;
  if (data.length === 0) return <Text color="fg.muted">{t('accounting.noInvoices')}</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label={t('accounting.invoices')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('column.number')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('column.date')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('accounting.amountDue')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('accounting.amountPaid')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((invoice) => (
            <Table.Row key={invoice.id} aria-label={t('accounting.invoiceRow', { number: invoice.invoiceNumber })}>
              <Table.Cell>{invoice.invoiceNumber}</Table.Cell>
              <Table.Cell>{formatDate(invoice.invoiceDate, { ...formats, timeZone: 'UTC' })}</Table.Cell>
              <Table.Cell textAlign="end">{money(invoice.amountDue.value, formats)}</Table.Cell>
              <Table.Cell textAlign="end">{money(invoice.amountPaid.value, formats)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * Customers and invoices (docs/product/time-and-billing.md#accounting-service) from the external accounting service,
 * through the API; unconfigured, the screen says the feature is not connected.
 */
export function AccountingBlock() {
  const t = useT();
  const messageText = useMessageText();
  const formats = useFormats();
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
        {t('accounting.heading')}
      </Heading>
      {status.error ? <ErrorAlert message={errorMessage(status.error)} size="sm" /> : null}
      {status.data === false ? <Text>{messageText(MESSAGES.serviceNotConnected)}</Text> : null}
      {customers.error ? <ErrorAlert message={errorMessage(customers.error)} size="sm" /> : null}
      {connected && customers.data ? (
        <>
          <Field.Root maxW="md">
            <Field.Label>{t('accounting.customer')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={customerId} onChange={(e) => setCustomerId(e.currentTarget.value)}>
                <option value="">{t('accounting.chooseCustomer')}</option>
                {customers.data.map((customer) => (
                  <option key={customer.id} value={customer.id}>
                    {t('accounting.customerOption', { name: customer.name, amount: money(customer.outstandingAmount.value, formats) })}
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
