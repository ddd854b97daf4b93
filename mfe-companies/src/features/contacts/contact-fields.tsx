import { Checkbox, Field, Input, Table, VisuallyHidden } from '@chakra-ui/react';
import { formatPhoneInput, type ContactDraft, type ContactFormInput, type ContactFormProblem } from '@portal/domain';

const FIELDS: { key: keyof ContactFormInput; label: string; type?: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'first_name', label: 'First Name' },
  { key: 'last_name', label: 'Last Name' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
];

/**
 * The five inputs and the primary flag of one contact as table cells, for the add row and a row
 * being edited. The phone formats as ddd-ddd-dddd while typing; a named problem marks its field
 * invalid with its message (a blank field only disables saving: docs/product/companies-and-contacts.md#contact-validation).
 */
export function ContactFieldCells({
  draft, problem, onChange, labelPrefix,
}: {
  draft: ContactDraft;
  problem: ContactFormProblem | null;
  onChange(draft: ContactDraft): void;
  /** Names the inputs of this row for assistive technology, e.g. 'New contact' or 'Ann Lee'. */
  labelPrefix: string;
}) {
  return (
    <>
      {FIELDS.map(({ key, label, type }) => {
        const message = problem?.field === key ? problem.message : null;
        return (
          <Table.Cell key={key}>
            <Field.Root invalid={message !== null && draft[key] !== ''}>
              <Input
                size="sm"
                type={type ?? 'text'}
                aria-label={`${labelPrefix} ${label}`}
                placeholder={label}
                value={draft[key]}
                title={message ?? undefined}
                onChange={(event) => {
                  const value = key === 'phone' ? formatPhoneInput(event.currentTarget.value) : event.currentTarget.value;
                  onChange({ ...draft, [key]: value });
                }}
              />
              {message !== null && draft[key] !== '' ? <Field.ErrorText>{message}</Field.ErrorText> : null}
            </Field.Root>
          </Table.Cell>
        );
      })}
      <Table.Cell>
        <Checkbox.Root
          checked={draft.primary === 1}
          onCheckedChange={({ checked }) => onChange({ ...draft, primary: checked === true ? 1 : 0 })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            <VisuallyHidden>{`${labelPrefix} Primary`}</VisuallyHidden>
          </Checkbox.Label>
        </Checkbox.Root>
      </Table.Cell>
    </>
  );
}
