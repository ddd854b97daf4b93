import type { ReactNode } from 'react';
import type { TicketDetail } from '@portal/contract';
import type { ContactDraft, MaintenancePrefs } from '@portal/domain';
import { RemoteComponent } from './remote-component';

/** `tickets/NewTicketForm`: the new-ticket form, for a company or the route's clientId. */
export interface NewTicketFormProps {
  /** The company the ticket is for; else the route's clientId, else the user's choice. */
  companyId?: number;
  onCreated?(ticket: TicketDetail): void;
  onCancel?(): void;
}

/**
 * `companies/ContactsEditor`: with a `companyId` it edits that company's contacts through the API;
 * without one it edits the caller's list (the registration wizard writes it at the end).
 */
export interface ContactsEditorProps {
  companyId?: number;
  /** Group 1 on a saved company: a send-password-reset button per row. */
  canSendReset?: boolean;
  /** Group 1 on a saved company: Reset two-factor and Sign out everywhere per row. */
  canManageAccountSecurity?: boolean;
  contacts?: readonly ContactDraft[];
  onChange?(contacts: ContactDraft[]): void;
}

/** `companies/MaintenancePrefs`: a company's plan (`companyId`), or the caller's (`value` / `onSave`). */
export interface MaintenancePrefsProps {
  companyId?: number;
  value?: MaintenancePrefs;
  onSave?(prefs: MaintenancePrefs): void | Promise<void>;
}

export interface CompanyInfoFormValues {
  name: string;
  url: string;
  description: string;
}

/** `companies/CompanyInfoForm`: Company Name, Website URL (and Description), submitted to the caller. */
export interface CompanyInfoFormProps {
  value?: Partial<CompanyInfoFormValues>;
  onSubmit(values: CompanyInfoFormValues): Promise<unknown>;
  submitLabel?: string;
  withDescription?: boolean;
  /** Runs as the user leaves the url field; answers a problem to show, or null. */
  onUrlBlur?(url: string): Promise<string | null>;
  /** Every keystroke's values, so a caller can keep a draft (the wizard survives a reload). */
  onChange?(values: CompanyInfoFormValues): void;
}

/**
 * Every component a remote exposes for others to embed, as `<remote>/<Export>` -> its props: the
 * one declaration both sides use. The remote exposes `./<Export>` in its rspack.config.cjs from a
 * component of that name typed with these props; embedders render `<ExposedComponent name=… />`.
 */
export interface ExposedComponentProps {
  'tickets/NewTicketForm': NewTicketFormProps;
  'companies/ContactsEditor': ContactsEditorProps;
  'companies/MaintenancePrefs': MaintenancePrefsProps;
  'companies/CompanyInfoForm': CompanyInfoFormProps;
}

export type ExposedComponentName = keyof ExposedComponentProps;

/** Renders another remote's exposed component, loaded at run time, with props checked against its declaration. */
export function ExposedComponent<N extends ExposedComponentName>({
  name, props, fallback,
}: {
  name: N;
  props: ExposedComponentProps[N];
  fallback?: ReactNode;
}) {
  const [remote = '', exportName = ''] = name.split('/');
  return (
    <RemoteComponent<ExposedComponentProps[N]>
      remote={remote}
      module={`./${exportName}`}
      exportName={exportName}
      props={props}
      fallback={fallback}
    />
  );
}
