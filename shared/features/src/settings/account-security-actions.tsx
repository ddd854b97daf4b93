import { useState, type ReactNode } from 'react';
import { useSecurityPolicyMutations } from '@portal/api-client';
import { ConfirmDialog, useConfirmedDelete } from '@portal/ui';
import { useT } from './messages';

export type AccountSecurityAction = 'reset-second-factor' | 'end-sessions';

export interface AccountSecurityActions {
  /** Opens the confirmation of one action on one user. */
  ask(item: AccountSecurityRequest): void;
  /** The confirmation dialog, for the screen to render. */
  dialog: ReactNode;
  /** The last failure's message, if the last confirmed action failed. */
  error: string | null;
  /** What the last confirmed action did, to show as a status line. */
  done: string | null;
}

/** One action on one user, as the screen asks for it. */
export interface AccountSecurityRequest {
  id: number;
  name: string;
  action: AccountSecurityAction;
}

/** The confirmation's words of each action (keys of the features catalogue; each takes the user's `name`). */
const WORDING = {
  'reset-second-factor': { title: 'accountSecurity.resetTitle', message: 'accountSecurity.resetMessage', confirm: 'accountSecurity.resetConfirm' },
  'end-sessions': { title: 'accountSecurity.endTitle', message: 'accountSecurity.endMessage', confirm: 'accountSecurity.endConfirm' },
} as const satisfies Record<AccountSecurityAction, Record<'title' | 'message' | 'confirm', string>>;

/** What the last confirmed action did: worded on each render, so in the reader's language. */
type Done = { action: 'reset-second-factor'; name: string } | { action: 'end-sessions'; name: string; ended: number };

/**
 * An admin's actions on a user's account security (docs/product/accounts-and-roles.md#account-security):
 * reset the second factor, end every session; each after a confirmation. `ask` opens it;
 * the dialog, the last failure and what was done are for the screen to show. Used on the rows of
 * Manage Agents and of a company's contacts.
 */
export function useAccountSecurityActions(): AccountSecurityActions {
  const t = useT();
  const { resetSecondFactor, endContactSessions } = useSecurityPolicyMutations();
  const [done, setDone] = useState<Done | null>(null);
  const confirmed = useConfirmedDelete(async ({ id, name, action }: AccountSecurityRequest) => {
    setDone(null);
    if (action === 'reset-second-factor') {
      await resetSecondFactor(id);
      setDone({ action, name });
    } else {
      setDone({ action, name, ended: await endContactSessions(id) });
    }
  });
  const { pending } = confirmed;
  const wording = pending ? WORDING[pending.action] : null;
  const dialog = (
    <ConfirmDialog
      {...confirmed.dialog}
      title={pending && wording ? t(wording.title, { name: pending.name }) : undefined}
      message={pending && wording ? t(wording.message, { name: pending.name }) : ''}
      confirmLabel={wording ? t(wording.confirm) : undefined}
    />
  );
  const doneText = done === null ? null
    : done.action === 'reset-second-factor' ? t('accountSecurity.resetDone', { name: done.name })
      : done.ended === 0 ? t('accountSecurity.endedNowhere', { name: done.name })
        : t('accountSecurity.ended', { name: done.name, count: done.ended });
  return { ask: (item: AccountSecurityRequest) => confirmed.ask(item), dialog, error: confirmed.error, done: doneText };
}
