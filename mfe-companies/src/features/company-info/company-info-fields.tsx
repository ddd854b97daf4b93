import { useEffect, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Box, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { companyCreate } from '@portal/contract';
import { MESSAGES, companyInfoFieldProblem, companyUrlProblem, withWebScheme } from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert, MarkdownEditor, useSaveState, type CompanyInfoFormValues as CompanyInfoValues } from '@portal/ui';
import { useT } from '../../messages';

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
 * Name and url as the API takes them (both needed: 'Please fill out all fields completely.'), and the
 * domain's rule for the first wrong field (the url must be a website, docs/product/companies-and-contacts.md#company-fields).
 */
const companyInfoSchema = companyCreate.pick({ name: true, url: true }).superRefine((values, context) => {
  const problem = companyInfoFieldProblem(values);
  if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
const resolver = formResolver<CompanyInfoValues>(companyInfoSchema, MESSAGES.fillAllFields);

/** The banner's message: the first wrong field's, name before url. */
const firstProblem = (errors: FieldErrors<CompanyInfoValues>) => errors.name?.message ?? errors.url?.message ?? MESSAGES.fillAllFields;

/**
 * The info tab (docs/product/companies-and-contacts.md#company-profile-settings): Company Name (placeholder 'Acme, LLC'), Website
 * URL and Description (markdown, labelled 'Uses markdown'), then the submit button. Both name and
 * url are needed ('Please fill out all fields completely.') and the url must be a website (the
 * banner's message names Website URL and the field is marked invalid); a site typed without a scheme is shown and
 * sent as `https://…` (docs/product/companies-and-contacts.md#company-fields). A failed save keeps what was typed.
 */
export function CompanyInfoFields({
  initial, onSubmit, submitLabel, withDescription = true, onUrlBlur, onChange, children, notice,
}: CompanyInfoFieldsProps) {
  const { control, register, handleSubmit, setValue, setError, clearErrors, getValues, watch, formState: { errors } } = useForm<CompanyInfoValues>({
    resolver,
    defaultValues: initial,
    // A mark stays until the field is changed or the form sent again, as the banner says it.
    reValidateMode: 'onSubmit',
  });
  const { saving, error: problem, saved, run, changed, fail } = useSaveState();
  const t = useT();

  // Every change (typed, or the url given its scheme) goes to the caller's draft.
  useEffect(() => {
    if (!onChange) return undefined;
    const subscription = watch((values) => onChange({ ...getValues(), ...values } as CompanyInfoValues));
    return () => subscription.unsubscribe();
  }, [watch, getValues, onChange]);

  /** A change clears the field's mark and the saved note, as the user fixes it. */
  const edited = (key: keyof CompanyInfoValues) => () => {
    clearErrors(key);
    changed();
  };

  async function submit(values: CompanyInfoValues) {
    const next = { ...values, name: values.name.trim(), url: withWebScheme(values.url) };
    if (next.url !== values.url) setValue('url', next.url);
    await run(() => onSubmit(next));
  }

  /** Leaving the url field names a url that is not a website, else shows what will be stored ('acme.com' reads 'https://acme.com'). */
  function leaveUrl(url: string) {
    if (url.trim() === '') return;
    const wrong = companyUrlProblem(url);
    if (wrong) {
      setError('url', { type: 'validate', message: wrong });
      fail(wrong);
      return;
    }
    const shown = withWebScheme(url);
    if (shown !== url) setValue('url', shown);
    if (onUrlBlur) void onUrlBlur(shown).then(fail);
  }

  const urlField = register('url', { onChange: edited('url'), onBlur: (event: { target: { value: string } }) => leaveUrl(event.target.value) });
  return (
    <form
      aria-label={t('companyInfo.form')}
      noValidate
      onSubmit={(event) => void handleSubmit(submit, (wrong) => fail(firstProblem(wrong)))(event)}
    >
      <Stack gap="4">
      <ErrorAlert message={problem} />
      {notice}
      {children}
      <Field.Root required invalid={!!errors.name}>
        <Field.Label>{t('companyInfo.name')}</Field.Label>
        <Input placeholder={t('companyInfo.namePlaceholder')} {...register('name', { onChange: edited('name') })} />
      </Field.Root>
      <Field.Root required invalid={!!errors.url}>
        <Field.Label>{t('companyInfo.url')}</Field.Label>
        <Input type="url" placeholder={t('companyInfo.urlPlaceholder')} {...urlField} />
      </Field.Root>
      {withDescription ? (
        <Field.Root>
          <Field.Label>{t('companyInfo.description')}</Field.Label>
          {/* A Field lines its parts up at the start; the editor spans the form like the inputs above it. */}
          <Box w="full">
            <Controller
              control={control}
              name="description"
              render={({ field }) => (
                <MarkdownEditor
                  label={t('companyInfo.descriptionEditor')}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    changed();
                  }}
                  onBlur={field.onBlur}
                  height={DESCRIPTION_HEIGHT}
                />
              )}
            />
          </Box>
          <Field.HelperText>{t('companyInfo.usesMarkdown')}</Field.HelperText>
        </Field.Root>
      ) : null}
      <HStack>
        <Button type="submit" colorPalette="blue" loading={saving}>
          {submitLabel ?? t('companyInfo.submit')}
        </Button>
        {saved ? <span role="status">{t('companyInfo.saved')}</span> : null}
      </HStack>
      </Stack>
    </form>
  );
}
