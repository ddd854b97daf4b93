import { useApiClient } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { ExposedComponent, type CompanyInfoFormValues } from '@portal/ui';
import type { RegistrationDraft } from '../hooks/use-registration-draft';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

export interface CompanyStepProps {
  company: RegistrationDraft['company'];
  /** What is typed, as it is typed, so a reload keeps it. */
  onChange(company: RegistrationDraft['company']): void;
  onDone(company: RegistrationDraft['company']): void;
}

/**
 * Step 1, Company Info: the companies remote's CompanyInfoForm (name and url; it says 'Please fill
 * out all fields completely.' itself). The url is checked as the user leaves its field and again
 * on Add Contacts; nothing is written.
 */
export function CompanyStep({ company, onChange, onDone }: CompanyStepProps) {
  const client = useApiClient();
  const t = useT();
  const shown = useShownText();

  async function onUrlBlur(url: string): Promise<string | null> {
    try {
      return (await client.companies.urlTaken(url)) ? shown(MESSAGES.companyUrlExists) : null;
    } catch {
      // The check runs again on Add Contacts, where a failure is shown.
      return null;
    }
  }

  async function onSubmit({ name, url }: CompanyInfoFormValues): Promise<void> {
    if (await client.companies.urlTaken(url)) throw new Error(shown(MESSAGES.companyUrlExists));
    onDone({ name, url });
  }

  return (
    <ExposedComponent
      name="companies/CompanyInfoForm"
      props={{
        value: company, withDescription: false, submitLabel: t('register.addContacts'), onUrlBlur, onSubmit,
        onChange: ({ name, url }) => onChange({ name, url }),
      }}
    />
  );
}
