import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox, Field, Input, Table, VisuallyHidden } from '@chakra-ui/react';
import {
  CONTACT_FIELD_LABELS, formatPhoneInput, missingContactFieldsMessage, type ContactDraft, type ContactFormInput, type ContactFormProblem,
} from '@portal/domain';

const FIELDS: { key: keyof ContactFormInput; type?: string }[] = [
  { key: 'title' }, { key: 'first_name' }, { key: 'last_name' }, { key: 'email', type: 'email' }, { key: 'phone', type: 'tel' },
];

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
  return (
    <>
      {FIELDS.map(({ key, type }) => {
        const label = CONTACT_FIELD_LABELS[key];
        const message = problems.find((problem) => problem.field === key && problem.message !== null)?.message ?? null;
        const shown = message !== null && watch(key) !== '' ? message : null;
        const field = register(key, key === 'phone'
          ? { onChange: (event: { target: { value: string } }) => setValue('phone', formatPhoneInput(event.target.value)) }
          : undefined);
        return (
          <Table.Cell key={key}>
            <Field.Root invalid={shown !== null}>
              <Input size="sm" type={type ?? 'text'} aria-label={`${labelPrefix} ${label}`} placeholder={label} title={message ?? undefined} {...field} />
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
                <VisuallyHidden>{`${labelPrefix} Primary`}</VisuallyHidden>
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
  const missing = missingContactFieldsMessage(draft);
  if (missing === null) return null;
  return (
    <Table.Row>
      <Table.Cell colSpan={CONTACT_COLUMNS} id={id} color="fg.muted" fontSize="sm" pt="0">
        {missing}
      </Table.Cell>
    </Table.Row>
  );
}
