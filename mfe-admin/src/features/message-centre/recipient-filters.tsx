import { Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useCompanies, useLookupList } from '@portal/api-client';
import { RECIPIENT_KINDS, isMessageTicketStatus, type RecipientKind, type TicketContactType } from '@portal/domain';
import { useT } from '../../messages';
import { CheckList } from './check-list';
import { toggle, type RecipientFilters } from './recipient-query';

/** Each recipient kind as the select names it: a literal key per kind (scripts/check-messages.ts finds the keys it uses). */
const KIND_LABELS = {
  contacts: 'messageCentre.kindContacts',
  clients: 'messageCentre.kindClients',
  agents: 'messageCentre.kindAgents',
  tickets: 'messageCentre.kindTickets',
} as const satisfies Record<RecipientKind, string>;

/** The recipient kind and its filters (docs/product/messaging.md#recipients); an empty filter means any. */
export function RecipientFiltersForm({ value, onChange }: { value: RecipientFilters; onChange(next: RecipientFilters): void }) {
  const t = useT();
  const modes = useLookupList('mode-defaults');
  const services = useLookupList('service-defaults');
  const statuses = useLookupList('status-defaults').filter((status) => isMessageTicketStatus(status.id));
  const groups = useLookupList('group-defaults');
  const { data: companies } = useCompanies();
  const set = (changes: Partial<RecipientFilters>) => onChange({ ...value, ...changes });

  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>{t('messageCentre.recipientKind')}</Field.Label>
        <NativeSelect.Root size="sm" maxW="xs">
          <NativeSelect.Field value={value.kind} onChange={(e) => set({ kind: e.currentTarget.value as RecipientKind })}>
            {RECIPIENT_KINDS.map((kind) => <option key={kind} value={kind}>{t(KIND_LABELS[kind])}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {value.kind === 'contacts' ? (
        <CheckList legend={t('messageCentre.groups')} items={groups} checked={value.groupIds} onToggle={(id) => set({ groupIds: toggle(value.groupIds, id) })} />
      ) : null}
      {value.kind === 'clients' ? (
        <>
          <CheckList legend={t('messageCentre.modes')} items={modes} checked={value.modeIds} onToggle={(id) => set({ modeIds: toggle(value.modeIds, id) })} />
          <CheckList legend={t('messageCentre.services')} items={services} checked={value.serviceIds} onToggle={(id) => set({ serviceIds: toggle(value.serviceIds, id) })} />
          <Field.Root>
            <Field.Label>{t('messageCentre.company')}</Field.Label>
            <NativeSelect.Root size="sm" maxW="sm">
              <NativeSelect.Field
                value={value.companyIds[0] === undefined ? '' : String(value.companyIds[0])}
                onChange={(e) => set({ companyIds: e.currentTarget.value === '' ? [] : [Number(e.currentTarget.value)] })}
              >
                <option value="">{t('messageCentre.anyCompany')}</option>
                {[...(companies ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((company) => (
                  <option key={company.company_id} value={String(company.company_id)}>{company.name}</option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </>
      ) : null}
      {value.kind === 'tickets' ? (
        <>
          <Field.Root>
            <Field.Label>{t('messageCentre.contactType')}</Field.Label>
            <NativeSelect.Root size="sm" maxW="xs">
              <NativeSelect.Field value={value.contactType} onChange={(e) => set({ contactType: e.currentTarget.value as TicketContactType | '' })}>
                <option value="">{t('messageCentre.choose')}</option>
                <option value="owner">{t('messageCentre.owner')}</option>
                <option value="agent">{t('messageCentre.agent')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <CheckList legend={t('messageCentre.ticketStatus')} items={statuses} checked={value.statusIds} onToggle={(id) => set({ statusIds: toggle(value.statusIds, id) })} />
        </>
      ) : null}
    </Stack>
  );
}
