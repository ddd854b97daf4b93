import { useEffect, useState } from 'react';
import { Button, CloseButton, Dialog, Field, Fieldset, HStack, Input, NativeSelect, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useCompanies } from '@portal/api-client';
import type { Webhook, WebhookSave } from '@portal/contract';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS, WEBHOOK_FORMAT_LABELS, type WebhookEventType, type WebhookFormat } from '@portal/domain';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';
import { WEBHOOK_EVENT_KEYS } from './event-labels';

interface WebhookForm {
  url: string;
  events: WebhookEventType[];
  company: string;
  format: WebhookFormat;
  urgent_only: boolean;
  staff_only: boolean;
}

const formOf = (webhook: Webhook | null): WebhookForm => ({
  url: webhook?.url ?? '',
  events: (webhook?.events ?? ['ticket.created']) as WebhookEventType[],
  company: webhook?.company_id ? String(webhook.company_id) : '',
  format: webhook?.format ?? 'json',
  urgent_only: webhook?.urgent_only ?? false,
  staff_only: webhook?.staff_only ?? false,
});

/** A native checkbox with its label, as the portal's other forms have them. */
function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <HStack as="label" gap="2" fontSize="sm">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <Text as="span">{label}</Text>
    </HStack>
  );
}

/**
 * "Add webhook" and "Edit webhook" (docs/product/integrations.md#webhooks): the URL, the events by their labels, one
 * company or any, the format, and the urgent and staff-only filters. A refusal (a bad URL) shows here; what was typed stays.
 */
export function WebhookDialog({ open, webhook, onSave, onClose }: {
  open: boolean;
  webhook: Webhook | null;
  onSave(body: WebhookSave): Promise<unknown>;
  onClose(): void;
}) {
  const t = useT();
  const [form, setForm] = useState<WebhookForm>(() => formOf(webhook));
  // Always mounted (its open state is the zag machine's): each opening starts from what it edits.
  useEffect(() => {
    if (open) setForm(formOf(webhook));
  }, [open, webhook]);
  const { data: companies } = useCompanies(open);
  const { saving, error, run } = useSaveState();
  const set = (changes: Partial<WebhookForm>) => setForm((current) => ({ ...current, ...changes }));
  const title = webhook ? t('webhooks.editTitle') : t('webhooks.addTitle');
  const ready = form.url.trim() !== '' && form.events.length > 0;

  const submit = () => void run(async () => {
    await onSave({
      url: form.url.trim(), events: form.events, company_id: form.company === '' ? null : Number(form.company), format: form.format,
      urgent_only: form.urgent_only, staff_only: form.staff_only,
    });
    onClose();
  });

  return (
    <Dialog.Root open={open} onOpenChange={({ open: isOpen }) => !isOpen && !saving && onClose()} placement="center" size="lg" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form aria-label={title} onSubmit={(event) => { event.preventDefault(); submit(); }}>
              <Dialog.Header><Dialog.Title>{title}</Dialog.Title></Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>{t('webhooks.url')}</Field.Label>
                    <Input type="url" placeholder="https://example.com/hooks/portal" value={form.url} onChange={(event) => set({ url: event.currentTarget.value })} />
                  </Field.Root>
                  <Fieldset.Root>
                    <Fieldset.Legend>{t('webhooks.events')}</Fieldset.Legend>
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                      {WEBHOOK_EVENT_TYPES.map((type) => (
                        <Toggle
                          key={type}
                          label={t(WEBHOOK_EVENT_KEYS[type])}
                          checked={form.events.includes(type)}
                          onChange={(checked) => set({ events: checked ? [...form.events, type] : form.events.filter((other) => other !== type) })}
                        />
                      ))}
                    </SimpleGrid>
                  </Fieldset.Root>
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                    <Field.Root>
                      <Field.Label>{t('webhooks.company')}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field value={form.company} onChange={(event) => set({ company: event.currentTarget.value })}>
                          <option value="">{t('webhooks.anyCompany')}</option>
                          {(companies ?? []).map((company) => <option key={company.company_id} value={String(company.company_id)}>{company.name}</option>)}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>{t('webhooks.format')}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field value={form.format} onChange={(event) => set({ format: event.currentTarget.value as WebhookFormat })}>
                          {WEBHOOK_FORMATS.map((format) => <option key={format} value={format}>{WEBHOOK_FORMAT_LABELS[format]}</option>)}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  </SimpleGrid>
                  <Toggle label={t('webhooks.urgentOnly')} checked={form.urgent_only} onChange={(checked) => set({ urgent_only: checked })} />
                  <Toggle label={t('webhooks.staffOnlyWithNotes')} checked={form.staff_only} onChange={(checked) => set({ staff_only: checked })} />
                  <ErrorAlert message={error ? errorMessage(error) : null} size="sm" />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={saving}>{t('webhooks.cancel')}</Button>
                <Button type="submit" colorPalette="blue" disabled={!ready} loading={saving}>{t('webhooks.save')}</Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('webhooks.close')} disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
