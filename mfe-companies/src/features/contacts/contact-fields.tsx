import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox, Field, Input, Table, VisuallyHidden } from '@chakra-ui/react';
import { formatPhoneInput, type ContactDraft, type ContactFormInput, type ContactFormProblem } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useT } from '../../messages';

const FIELDS: { key: keyof ContactFormInput; type?: string }[] = [
  { key: 'title' }, { key: 'first_name' }, { key: 'last_name' }, { key: 'email', type: 'email' }, { key: 'phone', type: 'tel' },
];

/** The contact form's field labels, as the contacts table shows them (CONTACT_FIELD_LABELS of @portal/domain in English). */
export const CONTACT_FIELD_KEYS = {
  title: 'contacts.title', first_name: 'contacts.firstName', last_name: 'contacts.lastName', email: 'contacts.email', phone: 'contacts.phone',
} as const satisfies Record<keyof ContactFormInput, string>;

/**
 * Which fields of a contact are still empty, in words ('The Phone field is required.', 'The Email and Phone fields are
 * required.': missingContactFieldsMessage of @portal/domain in English), in the person's language; null when all are filled in.
 */
export function useMissingFieldsMessage(): (input: ContactFormInput) => string | null {
  const t = useT();
  return (input) => {
    const labels = FIELDS.filter(({ key }) => input[key].trim() === '').map(({ key }) => t(CONTACT_FIELD_KEYS[key]));
    if (labels.length === 0) return null;
    const fields = labels.length === 1 ? labels[0] : t('contacts.fieldList', { first: labels.slice(0, -1).join(', '), last: labels[labels.length - 1] });
    return t('contacts.missingFields', { count: labels.length, fields });
  };
}

/** The number of columns of the contacts table: the five fields, Primary and Actions. */
export const CONTACT_COLUMNS = FIELDS.length + 2;

/**
 * The five inputs and the primary flag of one contact as table cells, for the add row and a row
 * being edited. The phone formats as ddd-ddd-dddd while typing; every named problem marks its field
 * invalid with its message, whatever else is still missing (docs/product/companies-and-contacts.md#contact-validation).
 */
export function ContactFieldCells({
  form, problems, labelPrefix,
}: {
  /** The row's form (useContactRowForm). */
  form: UseFormReturn<ContactDraft>;
  /** The domain's problems of what the row holds now. */
  problems: readonly ContactFormProblem[];
  /** Names the inputs of this row for assistive technology, e.g. 'New contact' or 'Ann Lee'. */
  labelPrefix: string;
}) {
  const { control, register, setValue, watch } = form;
  const t = useT();
  const messageText = useMessageText();
  return (
    <>
      {FIELDS.map(({ key, type }) => {
        const label = t(CONTACT_FIELD_KEYS[key]);
        const problem = problems.find((candidate) => candidate.field === key && candidate.message !== null)?.message ?? null;
        const message = problem === null ? null : messageText(problem);
        const shown = message !== null && watch(key) !== '' ? message : null;
        const field = register(key, key === 'phone'
          ? { onChange: (event: { target: { value: string } }) => setValue('phone', formatPhoneInput(event.target.value)) }
          : undefined);
        return (
          <Table.Cell key={key}>
            <Field.Root invalid={shown !== null}>
              <Input size="sm" type={type ?? 'text'} aria-label={t('contacts.fieldOf', { name: labelPrefix, field: label })} placeholder={label} title={message ?? undefined} {...field} />
              {shown !== null ? <Field.ErrorText>{shown}</Field.ErrorText> : null}
            </Field.Root>
          </Table.Cell>
        );
      })}
      <Table.Cell>
        <Controller
          control={control}
          name="primary"
          render={({ field }) => (
            <Checkbox.Root checked={field.value === 1} onCheckedChange={({ checked }) => field.onChange(checked === true ? 1 : 0)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <VisuallyHidden>{t('contacts.primaryOf', { name: labelPrefix })}</VisuallyHidden>
              </Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      </Table.Cell>
    </>
  );
}

/**
 * The line under a row being added or edited that says why its Add or Save is disabled while a
 * field is empty ('The Phone field is required.'); a bad e-mail or phone is named at its field.
 * `id` is what the button's aria-describedby points at.
 */
export function ContactRowHint({ id, draft }: { id: string; draft: ContactFormInput }) {
  const missing = useMissingFieldsMessage()(draft);
  if (missing === null) return null;
  return (
    <Table.Row>
      <Table.Cell colSpan={CONTACT_COLUMNS} id={id} color="fg.muted" fontSize="sm" pt="0">
        {missing}
      </Table.Cell>
    </Table.Row>
  );
}
