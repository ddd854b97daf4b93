import { Field, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AuditFilter } from '@portal/api-client';
import { useCompanies, useStaff } from '@portal/api-client';
import { AUDIT_ACTION_NAMES, AUDIT_ENTITIES, auditEntityOf, type AuditAction, type AuditEntity } from '@portal/domain';
import { useAuditText } from '@portal/features';
import { useT } from '../../messages';

function Select({ label, value, onPick, children }: { label: string; value: string; onPick(value: string): void; children: ReactNode }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onPick(event.currentTarget.value)}>{children}</NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function DateInput({ label, value, onPick }: { label: string; value: string | undefined; onPick(value: string | undefined): void }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" type="date" value={value ?? ''} onChange={(event) => onPick(event.currentTarget.value || undefined)} />
    </Field.Root>
  );
}

const numberOrNone = (text: string) => (text === '' ? undefined : Number(text));

/** The trail's filters (GET /audit): each optional, they combine; choosing a record type keeps only its actions. */
export function AuditFilters({ value, onChange }: { value: AuditFilter; onChange(next: AuditFilter): void }) {
  const t = useT();
  const audit = useAuditText();
  const { data: staff } = useStaff();
  const { data: companies } = useCompanies();
  const set = (changes: Partial<AuditFilter>) => onChange({ ...value, ...changes });
  const actions = AUDIT_ACTION_NAMES.filter((action) => value.entity === undefined || auditEntityOf(action) === value.entity);

  function pickEntity(text: string) {
    const entity = text === '' ? undefined : (text as AuditEntity);
    const keepsAction = value.action !== undefined && entity !== undefined && auditEntityOf(value.action) === entity;
    set({ entity, action: keepsAction ? value.action : undefined });
  }

  return (
    <SimpleGrid as="form" role="search" aria-label={t('audit.filters')} columns={{ base: 1, sm: 2, lg: 4 }} gap="3" onSubmit={(event) => event.preventDefault()}>
      <Select label={t('audit.entity')} value={value.entity ?? ''} onPick={pickEntity}>
        <option value="">{t('audit.allEntities')}</option>
        {AUDIT_ENTITIES.map((entity) => <option key={entity} value={entity}>{audit.entity(entity)}</option>)}
      </Select>
      <Select label={t('audit.action')} value={value.action ?? ''} onPick={(text) => set({ action: text === '' ? undefined : (text as AuditAction) })}>
        <option value="">{t('audit.allActions')}</option>
        {actions.map((action) => <option key={action} value={action}>{audit.action(action)}</option>)}
      </Select>
      <Select label={t('audit.who')} value={value.actor_id === undefined ? '' : String(value.actor_id)} onPick={(text) => set({ actor_id: numberOrNone(text) })}>
        <option value="">{t('audit.anyone')}</option>
        {(staff ?? []).map((person) => (
          <option key={person.contact_id} value={String(person.contact_id)}>{`${person.first_name} ${person.last_name}`}</option>
        ))}
      </Select>
      <Select label={t('audit.company')} value={value.company_id === undefined ? '' : String(value.company_id)} onPick={(text) => set({ company_id: numberOrNone(text) })}>
        <option value="">{t('audit.allCompanies')}</option>
        {[...(companies ?? [])].sort((a, b) => a.name.localeCompare(b.name)).map((company) => (
          <option key={company.company_id} value={String(company.company_id)}>{company.name}</option>
        ))}
      </Select>
      <Field.Root>
        <Field.Label>{t('audit.recordId')}</Field.Label>
        <Input
          size="sm"
          type="number"
          min={1}
          inputMode="numeric"
          value={value.entity_id === undefined ? '' : String(value.entity_id)}
          onChange={(event) => {
            const id = Number(event.currentTarget.value);
            set({ entity_id: Number.isInteger(id) && id > 0 ? id : undefined });
          }}
        />
      </Field.Root>
      <DateInput label={t('audit.from')} value={value.from} onPick={(from) => set({ from })} />
      <DateInput label={t('audit.to')} value={value.to} onPick={(to) => set({ to })} />
    </SimpleGrid>
  );
}
