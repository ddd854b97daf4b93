import { useState } from 'react';
import type { ContactDraft } from '@portal/domain';
import type { CompanyInfoFormProps, ContactsEditorProps, LoadRemoteModule, MaintenancePrefsProps } from '@portal/ui';

// Small stand-ins for the companies remote's exposed forms, typed with the props declared in
// @portal/ui: jest cannot load another remote, and a remote never imports another's source. They
// exercise the props contract the wizard relies on; the browser journey covers the real forms.

export const NEW_CONTACT: ContactDraft = {
  title: 'Owner', first_name: 'Nia', last_name: 'Ng', email: 'nia@newco.test', phone: '555-123-4567', primary: 0,
};

function CompanyInfoForm({ value, onSubmit, onUrlBlur, onChange, submitLabel = 'Submit', withDescription }: CompanyInfoFormProps) {
  const [name, setName] = useState(value?.name ?? '');
  const [url, setUrl] = useState(value?.url ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      aria-label="Company info"
      data-with-description={String(withDescription)}
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        onSubmit({ name, url, description: '' }).catch((error: unknown) => setProblem(error instanceof Error ? error.message : 'failed'));
      }}
    >
      {problem ? <p role="alert">{problem}</p> : null}
      <label>Company Name<input
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            onChange?.({ name: event.target.value, url, description: '' });
          }}
        /></label>
      <label>
        Website URL
        <input
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            onChange?.({ name, url: event.target.value, description: '' });
          }}
          onBlur={() => void onUrlBlur?.(url).then(setProblem)}
        />
      </label>
      <button type="submit">{submitLabel}</button>
    </form>
  );
}

function ContactsEditor({ contacts = [], onChange }: ContactsEditorProps) {
  return (
    <div>
      <ul aria-label="Contacts">
        {contacts.map((contact) => (
          <li key={contact.email}>
            {contact.first_name} {contact.last_name}
            <button type="button" onClick={() => onChange?.(contacts.filter((c) => c !== contact))}>Remove {contact.first_name}</button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => onChange?.([...contacts, NEW_CONTACT])}>Add</button>
    </div>
  );
}

function MaintenancePrefs({ value, onSave }: MaintenancePrefsProps) {
  const [frequency, setFrequency] = useState(value?.frequency ?? '');
  return (
    <div>
      <p>Frequency: {frequency}</p>
      <button type="button" onClick={() => setFrequency('quarterly')}>Quarterly</button>
      <button type="button" onClick={() => void onSave?.({ frequency: frequency || 'monthly', intensity: ['maintenance', 'security'] })}>
        Save Preferences
      </button>
    </div>
  );
}

const STAND_INS: Record<string, Record<string, unknown>> = {
  'companies/./CompanyInfoForm': { CompanyInfoForm },
  'companies/./ContactsEditor': { ContactsEditor },
  'companies/./MaintenancePrefs': { MaintenancePrefs },
};

/** A `loadRemote` for renderWithPortal that answers the stand-ins and fails for anything else. */
export const loadCompaniesStandIns: LoadRemoteModule = async (remote, exposed) => {
  const module = STAND_INS[`${remote}/${exposed}`];
  if (!module) throw new Error(`No stand-in for ${remote}/${exposed}.`);
  return module;
};
