import { useState, type ReactNode } from 'react';
import { Box, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { companyInfoFieldProblem, companyUrlProblem, withWebScheme, type CompanyInfoProblem } from '@portal/domain';
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
  /** A line above the fields (the tab's note that a kept draft is shown). */
  notice?: ReactNode;
}

const DESCRIPTION_HEIGHT = 200;

/**
 * The info tab (docs/product/companies-and-contacts.md#company-profile-settings): Company Name (placeholder 'Acme, LLC'), Website
 * URL and Description (markdown, labelled 'Uses markdown'), then the submit button. Both name and
 * url are needed ('Please fill out all fields completely.') and the url must be a website (the
 * banner's message names Website URL and the field is marked invalid); a site typed without a scheme is shown and
 * sent as `https://…` (docs/product/companies-and-contacts.md#company-fields). A failed save keeps what was typed.
 */
export function CompanyInfoFields({
  initial, onSubmit, submitLabel = 'Update Company Info', withDescription = true, onUrlBlur, onChange, children, notice,
}: CompanyInfoFieldsProps) {
  const [values, setValues] = useState<CompanyInfoValues>(initial);
  const [invalid, setInvalid] = useState<CompanyInfoProblem | null>(null);
  const { saving, error: problem, saved, run, changed, fail } = useSaveState();

  const show = (next: CompanyInfoValues) => {
    setValues(next);
    onChange?.(next);
  };
  const set = (key: keyof CompanyInfoValues) => (value: string) => {
    show({ ...values, [key]: value });
    if (invalid?.field === key) setInvalid(null);
    changed();
  };

  async function submit() {
    const wrong = companyInfoFieldProblem(values);
    setInvalid(wrong);
    if (wrong) {
      fail(wrong.message);
      return;
    }
    const next = { ...values, name: values.name.trim(), url: withWebScheme(values.url) };
    if (next.url !== values.url) show(next);
    await run(() => onSubmit(next));
  }

  /** Leaving the url field names a url that is not a website, else shows what will be stored ('acme.com' reads 'https://acme.com'). */
  function leaveUrl(url: string) {
    if (url.trim() === '') return;
    const wrong = companyUrlProblem(url);
    if (wrong) {
      setInvalid({ field: 'url', message: wrong });
      fail(wrong);
      return;
    }
    const shown = withWebScheme(url);
    if (shown !== url) show({ ...values, url: shown });
    if (onUrlBlur) void onUrlBlur(shown).then(fail);
  }

  return (
    <form aria-label="Company info" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <Stack gap="4">
      <ErrorAlert message={problem} />
      {notice}
      {children}
      <Field.Root required invalid={invalid?.field === 'name'}>
        <Field.Label>Company Name</Field.Label>
        <Input placeholder="Acme, LLC" value={values.name} onChange={(event) => set('name')(event.currentTarget.value)} />
      </Field.Root>
      <Field.Root required invalid={invalid?.field === 'url'}>
        <Field.Label>Website URL</Field.Label>
        <Input
          type="url"
          placeholder="https://www.example.com"
          value={values.url}
          onChange={(event) => set('url')(event.currentTarget.value)}
          onBlur={(event) => leaveUrl(event.currentTarget.value)}
        />
      </Field.Root>
      {withDescription ? (
        <Field.Root>
          <Field.Label>Description</Field.Label>
          {/* A Field lines its parts up at the start; the editor spans the form like the inputs above it. */}
          <Box w="full">
            <MarkdownEditor label="Description: Uses markdown" value={values.description} onChange={set('description')} height={DESCRIPTION_HEIGHT} />
          </Box>
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
