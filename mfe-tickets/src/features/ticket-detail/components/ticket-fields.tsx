import { Field, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import { useStaff } from '@portal/api-client';
import { canChangeAssignee, canChangeStatusByDropdown, canEditTicketField, lookupName, type LookupItem, type Viewer } from '@portal/domain';
import { useFocusHold } from '../hooks/use-refresh-hold';
import { useT } from '../../../messages';
import type { ChangeTicket } from './types';

interface Lookups {
  statuses: readonly LookupItem[];
  priorities: readonly LookupItem[];
  types: readonly LookupItem[];
}

function Dropdown({ label, value, options, onPick }: { label: string; value: string; options: { value: string; label: string }[]; onPick(value: string): void }) {
  const hold = useFocusHold();
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onPick(event.target.value)} {...hold}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** `name` names its test id (readonly-type, readonly-on-hold…), whatever the language of its label. */
function ReadOnly({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <Stack gap="0" role="group" aria-label={label}>
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Text data-testid={`readonly-${name}`}>{value}</Text>
    </Stack>
  );
}

const asOptions = (list: readonly LookupItem[]) => list.map((item) => ({ value: String(item.id), label: item.name }));

/** Type, priority, on hold, status and assignee: dropdowns for staff, read-only above group 4. */
export function TicketFields({ ticket, viewer, lookups, onChange }: { ticket: TicketDetail; viewer: Viewer; lookups: Lookups; onChange: ChangeTicket }) {
  const staff = canEditTicketField(viewer);
  const { data: staffList } = useStaff(canChangeAssignee(viewer));
  const t = useT();
  const assigneeName = ticket.assignee_name ?? t('fields.unassigned');
  const assigneeOptions = [
    { value: '', label: t('fields.unassigned') },
    ...(staffList ?? []).map((c) => ({ value: String(c.contact_id), label: `${c.first_name} ${c.last_name}` })),
  ];
  if (ticket.assignee_id !== null && !assigneeOptions.some((o) => o.value === String(ticket.assignee_id))) {
    assigneeOptions.push({ value: String(ticket.assignee_id), label: assigneeName });
  }

  return (
    <Stack gap="3">
      {staff ? (
        <Dropdown label={t('fields.type')} value={String(ticket.type_id)} options={asOptions(lookups.types)} onPick={(v) => void onChange({ type_id: Number(v) })} />
      ) : (
        <ReadOnly name="type" label={t('fields.type')} value={lookupName(lookups.types, ticket.type_id)} />
      )}
      {staff ? (
        <Dropdown label={t('fields.priority')} value={String(ticket.priority_id)} options={asOptions(lookups.priorities)} onPick={(v) => void onChange({ priority_id: Number(v) })} />
      ) : (
        <ReadOnly name="priority" label={t('fields.priority')} value={lookupName(lookups.priorities, ticket.priority_id)} />
      )}
      {staff ? (
        <Switch.Root checked={ticket.on_hold === 1} onCheckedChange={({ checked }) => void onChange({ on_hold: checked ? 1 : 0 })}>
          <Switch.HiddenInput />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Switch.Label>{t('fields.onHold')}</Switch.Label>
        </Switch.Root>
      ) : (
        <ReadOnly name="on-hold" label={t('fields.onHold')} value={ticket.on_hold ? t('fields.yes') : t('fields.no')} />
      )}
      {canChangeStatusByDropdown(viewer) ? (
        <Dropdown label={t('fields.status')} value={String(ticket.status_id)} options={asOptions(lookups.statuses)} onPick={(v) => void onChange({ status_id: Number(v) })} />
      ) : (
        <ReadOnly name="status" label={t('fields.status')} value={lookupName(lookups.statuses, ticket.status_id)} />
      )}
      {canChangeAssignee(viewer) ? (
        <Dropdown
          label={t('fields.assignee')}
          value={ticket.assignee_id === null ? '' : String(ticket.assignee_id)}
          options={assigneeOptions}
          onPick={(v) => void onChange({ assignee_id: v === '' ? null : Number(v) })}
        />
      ) : (
        <ReadOnly name="assigned-agent" label={t('fields.assignee')} value={assigneeName} />
      )}
    </Stack>
  );
}
