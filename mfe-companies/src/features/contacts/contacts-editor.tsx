import { useCompanyContactMutations, useCompanyContacts, useContactMutations } from '@portal/api-client';
import type { CompanyContact } from '@portal/contract';
import type { ContactsEditorProps } from '@portal/ui';
import { useState } from 'react';
import { useAccountSecurityActions, useStepUp } from '@portal/features';
import { ErrorAlert } from '@portal/ui';
import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { REGISTRATION_NEW_CONTACT_DRAFT_KEY, normalizeEmail, type ContactDraft } from '@portal/domain';
import { useT } from '../../messages';
import { ContactsTable, fullName, type ContactRow } from './contacts-table';

const rowOf = (contact: CompanyContact): ContactRow => ({
  key: String(contact.contact_id),
  contactId: contact.contact_id,
  title: contact.title ?? '',
  first_name: contact.first_name,
  last_name: contact.last_name,
  email: contact.email,
  phone: contact.phone ?? '',
  primary: contact.primary,
  hasSecondFactor: contact.has_second_factor === true,
});

/**
 * The company's saved contacts, each change a call to the API (the profile page's contacts tab). An
 * admin also sends reset links and, per contact, resets two-factor sign-in or ends every session
 * (docs/product/accounts-and-roles.md#account-security).
 */
function CompanyContactsEditor({ companyId, canSendReset, canManageAccountSecurity }: {
  companyId: number;
  canSendReset: boolean;
  canManageAccountSecurity: boolean;
}) {
  const t = useT();
  const { data, error, isLoading } = useCompanyContacts(companyId);
  const { add, save, remove } = useCompanyContactMutations(companyId);
  const { sendResetCode } = useContactMutations();
  const security = useAccountSecurityActions();
  // docs/product/accounts-and-roles.md#sensitive-changes: one's own new e-mail may ask for the password
  // again; someone else's waits for the new address to confirm it, which the line under the table says.
  const stepUp = useStepUp();
  const [emailNotice, setEmailNotice] = useState<string | null>(null);
  if (isLoading) return <Skeleton height="40" />;
  if (error && !data) return <ErrorAlert message={error} />;
  return (
    <Stack gap="3">
      <ErrorAlert message={security.error} />
      {security.done ? <Text role="status">{security.done}</Text> : null}
      <ContactsTable
        rows={(data ?? []).map(rowOf)}
        newContactDraftKey={`portal.company.${companyId}.new-contact`}
        onAdd={async (draft) => {
          // Anyone but an admin is told the same for a new address and one someone has elsewhere (docs/product/companies-and-contacts.md#contacts).
          const added = await add(draft);
          return 'invited' in added ? t('contacts.invited', { email: added.email }) : undefined;
        }}
        onSave={async (row, draft) => {
          const saved = await stepUp.withStepUp(() => save(row.contactId as number, draft));
          setEmailNotice(normalizeEmail(draft.email) === saved.email ? null : t('contacts.emailPending'));
        }}
        onRemove={(row) => remove(row.contactId as number)}
        onSendReset={canSendReset ? async (row) => {
          await sendResetCode(row.contactId as number);
          return t('contacts.resetSent', { email: row.email });
        } : undefined}
        onAccountSecurity={canManageAccountSecurity
          ? (row, action) => security.ask({ id: row.contactId as number, name: fullName(row), action })
          : undefined}
      />
      {emailNotice ? <Text role="status">{emailNotice}</Text> : null}
      {security.dialog}
      {stepUp.dialog}
    </Stack>
  );
}

/**
 * A list kept by the caller and written later (the registration wizard writes it in one
 * transaction); the add row's half-typed contact is kept where the wizard forgets it on completion.
 */
function LocalContactsEditor({ contacts, onChange }: { contacts: readonly ContactDraft[]; onChange(contacts: ContactDraft[]): void }) {
  const rows = contacts.map((contact, index): ContactRow => ({ ...contact, key: `local-${index}` }));
  const indexOf = (row: ContactRow) => rows.findIndex((candidate) => candidate.key === row.key);
  return (
    <ContactsTable
      rows={rows}
      newContactDraftKey={REGISTRATION_NEW_CONTACT_DRAFT_KEY}
      onAdd={async (draft) => {
        onChange([...contacts, draft]);
      }}
      onSave={async (row, draft) => onChange(contacts.map((contact, index) => (index === indexOf(row) ? draft : contact)))}
      onRemove={async (row) => onChange(contacts.filter((_, index) => index !== indexOf(row)))}
    />
  );
}

/**
 * Exposed as `companies/ContactsEditor`. With a `companyId` it edits that company's contacts
 * through the API; without one it edits the caller's list (`contacts` / `onChange`).
 */
export function ContactsEditor(props: ContactsEditorProps) {
  if (props.companyId !== undefined) {
    return (
      <CompanyContactsEditor
        companyId={props.companyId}
        canSendReset={props.canSendReset ?? false}
        canManageAccountSecurity={props.canManageAccountSecurity ?? false}
      />
    );
  }
  return <LocalContactsEditor contacts={props.contacts ?? []} onChange={props.onChange ?? (() => undefined)} />;
}
