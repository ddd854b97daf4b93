import type { ReactNode } from 'react';
import type { TicketDetail } from '@portal/contract';
import { RemoteComponent } from './remote-component';

/** `tickets/NewTicketForm`: the new-ticket form, for a company or the route's clientId. */
export interface NewTicketFormProps {
  /** The company the ticket is for; else the route's clientId, else the user's choice. */
  companyId?: number;
  onCreated?(ticket: TicketDetail): void;
  onCancel?(): void;
}

/**
 * Every component a remote exposes for others to embed, as `<remote>/<Export>` -> its props: the
 * one declaration both sides use. The remote exposes `./<Export>` in its rspack.config.cjs from a
 * component of that name typed with these props; embedders render `<ExposedComponent name=… />`.
 * (The companies remote adds `companies/ContactsEditor`, `companies/MaintenancePrefs` and
 * `companies/CompanyInfoForm` here when it exposes them.)
 */
export interface ExposedComponentProps {
  'tickets/NewTicketForm': NewTicketFormProps;
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
