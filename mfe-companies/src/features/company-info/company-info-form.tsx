import type { CompanyInfoFormProps } from '@portal/ui';
import { CompanyInfoFields } from './company-info-fields';

const EMPTY = { name: '', url: '', description: '' };

/** Exposed as `companies/CompanyInfoForm`: the name / url (/ description) form on its own. */
export function CompanyInfoForm({ value, onSubmit, submitLabel, withDescription, onUrlBlur, onChange }: CompanyInfoFormProps) {
  return (
    <CompanyInfoFields
      initial={{ ...EMPTY, ...value }}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      withDescription={withDescription}
      onUrlBlur={onUrlBlur}
      onChange={onChange}
    />
  );
}
