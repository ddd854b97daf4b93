import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useCompanies, useCompanyContacts, useLookups, useTicketMutations } from '@portal/api-client';
import { ticketCreate } from '@portal/contract';
import {
  MESSAGES, NEW_TICKET_LABELS, canChooseRequester, requiredFieldMessage, dayInZone, defaultDueDate, dueDateFromInput, ticketRequesterId, validateNewTicket,
  type NewTicketField,
} from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { formResolver } from '@portal/features';
import { useMessageText } from '@portal/i18n/message-text';
import { MarkdownEditor, ErrorAlert, type NewTicketFormProps } from '@portal/ui';
import { DueDateInput } from '../../components/due-date-input';
import { readSessionDraft, writeSessionDraft } from '../../hooks/use-session-draft';
import { useT } from './messages';

/** The description editor is 300 px high (docs/product/tickets.md#markdown-editor). */
const DESCRIPTION_HEIGHT = 300;

type FormValues = Record<NewTicketField, string>;

/** The form's due day as the stored instant (16:00 on the user's clock), or null when empty. */
function dueDateOf(day: string, timeZone: string): string | null {
  const result = dueDateFromInput(day, new Date(), timeZone);
  return result.date ? result.date.toISOString() : null;
}

/**
 * The form as the API takes it (POST /ticket), checked by the domain's validateNewTicket with the due
 * day read on the user's clock: each message at its field, as the form shows it.
 */
function newTicketSchema(timeZone: string) {
  const fields = { type_id: true, title: true, description: true, priority_id: true, company_id: true, estimate_required: true, date_due: true } as const;
  return ticketCreate.pick(fields).superRefine((values, context) => {
    const day = typeof values.date_due === 'string' ? values.date_due : '';
    const checked = validateNewTicket({ ...values, date_due: day === '' ? null : dueDateOf(day, timeZone) });
    if (checked.ok) return;
    for (const [field, message] of Object.entries(checked.errors)) context.addIssue({ code: 'custom', path: [field], message });
  });
}

/** Each field's label in the catalogue (the domain's NEW_TICKET_LABELS are its English). */
const LABEL_KEYS = {
  type_id: 'newTicket.type',
  title: 'newTicket.title',
  description: 'newTicket.description',
  priority_id: 'newTicket.priority',
  company_id: 'newTicket.company',
  estimate_required: 'newTicket.estimateRequired',
  date_due: 'newTicket.dueDate',
} as const satisfies Record<NewTicketField, string>;

const EMPTY_FORM: Omit<FormValues, 'company_id'> = { type_id: '', title: '', description: '', priority_id: '', estimate_required: '0', date_due: '' };

/** What is kept of a half-filled form: every field, and whether the user set the due date. */
interface NewTicketDraft {
  values: Partial<FormValues>;
  dueTouched: boolean;
}

/** The draft of the form opened for `companyId` (docs/product/tickets.md#creating-a-ticket), kept per tab. */
const draftKey = (companyId: number | undefined) => `portal-new-ticket-draft:${companyId ?? 'any'}`;

function readDraft(key: string): NewTicketDraft | null {
  const stored = readSessionDraft(key);
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as Partial<NewTicketDraft>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.values !== 'object' || parsed.values === null) return null;
    const values = Object.fromEntries(Object.entries(parsed.values).filter(([, value]) => typeof value === 'string')) as Partial<FormValues>;
    return { values, dueTouched: parsed.dueTouched === true };
  } catch {
    return null;
  }
}

/** Nothing typed or picked yet (the preset company and the default estimate do not count). */
function untouched(values: Partial<FormValues>): boolean {
  return (Object.keys(EMPTY_FORM) as (keyof typeof EMPTY_FORM)[]).every((field) => (values[field] ?? EMPTY_FORM[field]) === EMPTY_FORM[field]);
}

function positive(value: string | undefined): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * The new-ticket form (docs/product/tickets.md#creating-a-ticket): Type, Title, Description, Priority, Company, Estimate Required
 * (default No) and an optional Due Date. Checked with the domain's validateNewTicket (the server
 * checks again); a failed save keeps everything typed, and so does a reload: the half-filled form is
 * kept in sessionStorage until the ticket is created.
 */
export function NewTicketForm({ companyId, onCreated, onCancel }: NewTicketFormProps) {
  const location = useLocation();
  const params = useParams();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const contact = useSession((s) => s.contact);
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const staff = viewer !== null && canChooseRequester(viewer);
  const { types, priorities } = useLookups();
  const { data: allCompanies } = useCompanies();
  const { create } = useTicketMutations();
  const t = useT();
  const messageText = useMessageText();
  const [saveError, setSaveError] = useState<string | null>(null);

  const routeCompany = positive(params.clientId);
  const presetCompany = companyId ?? routeCompany ?? (contact && !staff && contact.companies.length === 1 ? contact.companies[0]?.company_id : undefined);
  const storageKey = draftKey(presetCompany);
  // Read once, as the form's first values.
  const [restored] = useState(() => readDraft(storageKey));
  const dueTouched = useRef(restored?.dueTouched ?? false);

  const companyOptions = useMemo(() => {
    const list = staff
      ? (allCompanies ?? []).map((c) => ({ id: c.company_id, name: c.name }))
      : (contact?.companies ?? []).map((c) => ({ id: c.company_id, name: c.name }));
    if (presetCompany && !list.some((c) => c.id === presetCompany)) list.unshift({ id: presetCompany, name: t('newTicket.companyFallback', { id: String(presetCompany) }) });
    return list;
  }, [staff, allCompanies, contact, presetCompany, t]);

  const resolver = useMemo(() => formResolver<FormValues>(newTicketSchema(timeZone), MESSAGES.invalidInput), [timeZone]);

  const { control, register, handleSubmit, setValue, watch, formState } = useForm<FormValues>({
    resolver,
    defaultValues: {
      ...EMPTY_FORM,
      company_id: presetCompany ? String(presetCompany) : '',
      ...restored?.values,
    },
  });
  // Every change is kept for a reload; an untouched form keeps no draft.
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (name === 'date_due' && type === 'change') dueTouched.current = true;
      writeSessionDraft(storageKey, untouched(values) ? null : JSON.stringify({ values, dueTouched: dueTouched.current } satisfies NewTicketDraft));
    });
    return () => subscription.unsubscribe();
  }, [watch, storageKey]);
  const chosenCompany = positive(watch('company_id'));
  // Staff (groups 1-4) get the company's first contact as the requester, as the API does; a client is
  // itself and sends none (docs/product/tickets.md#requester).
  const { data: companyContacts } = useCompanyContacts(staff ? chosenCompany : null);
  const requesterId = viewer === null ? null : ticketRequesterId(viewer, null, companyContacts?.[0]?.contact_id ?? null);
  const requester = staff ? companyContacts?.find((c) => c.contact_id === requesterId) : undefined;

  if (!isLoggedIn) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }

  async function submit(values: FormValues) {
    setSaveError(null);
    try {
      const created = await create({
        type_id: Number(values.type_id),
        title: values.title.trim(),
        description: values.description,
        priority_id: Number(values.priority_id),
        company_id: Number(values.company_id),
        estimate_required: Number(values.estimate_required),
        date_due: values.date_due === '' ? null : dueDateOf(values.date_due, timeZone),
        contact_id: requester?.contact_id,
        time_zone: timeZone,
      });
      writeSessionDraft(storageKey, null);
      onCreated?.(created);
    } catch {
      setSaveError(MESSAGES.ticketSaveFailed);
    }
  }

  const label = (field: NewTicketField) => t(LABEL_KEYS[field]);
  // The domain's 'The {Label} field is required.' names the field in the reader's language; its other texts are fixed texts.
  const errorOf = (field: NewTicketField) => {
    const message = formState.errors[field]?.message;
    if (message === undefined) return undefined;
    return message === requiredFieldMessage(NEW_TICKET_LABELS[field]) ? t('newTicket.required', { label: label(field) }) : messageText(message);
  };

  function select(field: NewTicketField, options: { value: string; label: string }[], placeholder?: string, onPicked?: (value: string) => void) {
    const registered = register(field, { onChange: (event: { target: { value: string } }) => onPicked?.(event.target.value) });
    return (
      <Field.Root invalid={!!errorOf(field)}>
        <Field.Label>{label(field)}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...registered}>
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errorOf(field)}</Field.ErrorText>
      </Field.Root>
    );
  }

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate aria-label={t('newTicket.formLabel')}>
      <Stack gap="4">
        <ErrorAlert message={saveError} />
        {select('type_id', types.map((type) => ({ value: String(type.id), label: type.name })), t('newTicket.selectType'))}
        <Field.Root invalid={!!errorOf('title')}>
          <Field.Label>{label('title')}</Field.Label>
          <Input {...register('title')} />
          <Field.ErrorText>{errorOf('title')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!errorOf('description')}>
          <Field.Label id="new-ticket-description-label">{label('description')}</Field.Label>
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <MarkdownEditor
                label={label('description')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                height={DESCRIPTION_HEIGHT}
                invalid={!!errorOf('description')}
              />
            )}
          />
          <Field.ErrorText>{errorOf('description')}</Field.ErrorText>
        </Field.Root>
        {select('priority_id', priorities.map((p) => ({ value: String(p.id), label: p.name })), t('newTicket.selectPriority'), (value) => {
          // The default due date follows the priority until the user sets one.
          const priorityId = positive(value);
          if (!dueTouched.current && priorityId) setValue('date_due', dayInZone(defaultDueDate(priorityId, new Date(), timeZone), timeZone));
        })}
        {select('company_id', companyOptions.map((c) => ({ value: String(c.id), label: c.name })), t('newTicket.selectCompany'))}
        {requester ? (
          <Text fontSize="sm" color="fg.muted">
            {t('newTicket.requester', { name: `${requester.first_name} ${requester.last_name}` })}
          </Text>
        ) : null}
        {select('estimate_required', [
          { value: '0', label: t('newTicket.no') },
          { value: '1', label: t('newTicket.yes') },
        ])}
        <Field.Root invalid={!!errorOf('date_due')}>
          <Field.Label>{label('date_due')}</Field.Label>
          <HStack>
            <DueDateInput
              {...register('date_due', { onChange: () => (dueTouched.current = true) })}
            />
            <Button
              variant="outline"
              onClick={() => {
                dueTouched.current = true;
                setValue('date_due', '');
              }}
            >
              {t('newTicket.clear')}
            </Button>
          </HStack>
          <Field.HelperText>{t('newTicket.optional')}</Field.HelperText>
          <Field.ErrorText>{errorOf('date_due')}</Field.ErrorText>
        </Field.Root>
        <HStack justify="end">
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel} disabled={formState.isSubmitting}>
              {t('newTicket.cancel')}
            </Button>
          ) : null}
          <Button type="submit" colorPalette="blue" loading={formState.isSubmitting}>
            {t('newTicket.submit')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
