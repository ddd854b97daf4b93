import { useState, type ReactNode } from 'react';
import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { companyInfoProblem } from '@portal/domain';
import { ErrorAlert, MarkdownEditor, useSaveState, type CompanyInfoFormValues as CompanyInfoValues } from '@portal/ui';

export type { CompanyInfoValues };

export interface CompanyInfoFieldsProps {
  initial: CompanyInfoValues;
  onSubmit(values: CompanyInfoValues): Promise<unknown>;
  submitLabel?: string;
  /** The registration wizard asks only for name and url. */
  withDescription?: boolean;
  /** Runs as the user leaves the url field (the wizard's duplicate check); answers a problem or null. */
  onUrlBlur?(url: string): Promise<string | null>;
  /** Every keystroke's values (a draft kept by the caller). */
  onChange?(values: CompanyInfoValues): void;
  /** Controls shown above the fields and saved by the same button (the admin's status, services, agent). */
  children?: ReactNode;
}

const DESCRIPTION_HEIGHT = 200;

/**
 * The info tab (docs/product/companies-and-contacts.md#company-profile-settings): Company Name (placeholder 'Acme, LLC'), Website
 * URL and Description (markdown, labelled 'Uses markdown'), then the submit button. Both name and
 * url are needed ('Please fill out all fields completely.'); a failed save keeps what was typed.
 */
export function CompanyInfoFields({
  initial, onSubmit, submitLabel = 'Update Company Info', withDescription = true, onUrlBlur, onChange, children,
}: CompanyInfoFieldsProps) {
  const [values, setValues] = useState<CompanyInfoValues>(initial);
  const { saving, error: problem, saved, run, changed, fail } = useSaveState();

  const set = (key: keyof CompanyInfoValues) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    onChange?.(next);
    changed();
  };

  async function submit() {
    const missing = companyInfoProblem(values);
    if (missing) {
      fail(missing);
      return;
    }
    await run(() => onSubmit({ ...values, name: values.name.trim(), url: values.url.trim() }));
  }

  return (
    <form aria-label="Company info" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <Stack gap="4">
      <ErrorAlert message={problem} />
      {children}
      <Field.Root required>
        <Field.Label>Company Name</Field.Label>
        <Input placeholder="Acme, LLC" value={values.name} onChange={(event) => set('name')(event.currentTarget.value)} />
      </Field.Root>
      <Field.Root required>
        <Field.Label>Website URL</Field.Label>
        <Input
          type="url"
          placeholder="https://www.example.com"
          value={values.url}
          onChange={(event) => set('url')(event.currentTarget.value)}
          onBlur={(event) => {
            const url = event.currentTarget.value;
            if (onUrlBlur && url.trim() !== '') void onUrlBlur(url).then(fail);
          }}
        />
      </Field.Root>
      {withDescription ? (
        <Field.Root>
          <Field.Label>Description</Field.Label>
          <MarkdownEditor label="Description: Uses markdown" value={values.description} onChange={set('description')} height={DESCRIPTION_HEIGHT} />
          <Field.HelperText>Uses markdown</Field.HelperText>
        </Field.Root>
      ) : null}
      <HStack>
        <Button type="submit" colorPalette="blue" loading={saving}>
          {submitLabel}
        </Button>
        {saved ? <span role="status">Company info saved.</span> : null}
      </HStack>
      </Stack>
    </form>
  );
}
