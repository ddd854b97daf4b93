import { useState } from 'react';
import { Button, Field, HStack, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { Sparkles } from 'lucide-react';
import { errorMessage, useAiStatus, useApiClient } from '@portal/api-client';
import { INVOICE_SUMMARY_MAX_LENGTH, INVOICE_SUMMARY_WORDS, MESSAGES } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

interface SummaryEditorProps {
  companyId: number;
  offset: number;
  timeZone: string;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
}

/**
 * The 40-word invoice message (docs/product/time-and-billing.md#invoice-summary), drafted by the AI helper on the server from the month's
 * completed work; the admin edits it before issuing. Unconnected, the screen says so and the admin types it.
 */
export function SummaryEditor({ companyId, offset, timeZone, value, onChange, disabled = false }: SummaryEditorProps) {
  const t = useT();
  const messageText = useMessageText();
  const client = useApiClient();
  const { data: ai } = useAiStatus();
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const notConnected = ai !== undefined && !ai.invoice_summary;

  async function write() {
    setWriting(true);
    setError(null);
    try {
      onChange(await client.ai.invoiceSummary({ company_id: companyId, offset, time_zone: timeZone }));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setWriting(false);
    }
  }

  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {t('summary.heading')}
      </Heading>
      <Field.Root disabled={disabled}>
        <Field.Label>{t('summary.heading')}</Field.Label>
        <Textarea
          value={value}
          maxLength={INVOICE_SUMMARY_MAX_LENGTH}
          rows={3}
          placeholder={t('summary.placeholder', { words: INVOICE_SUMMARY_WORDS })}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      </Field.Root>
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" loading={writing} disabled={disabled || notConnected} onClick={() => void write()}>
          <Sparkles aria-hidden /> {t('summary.write')}
        </Button>
        {notConnected ? <Text fontSize="sm" color="fg.muted">{messageText(MESSAGES.serviceNotConnected)}</Text> : null}
      </HStack>
      <ErrorAlert message={error} size="sm" />
    </Stack>
  );
}
