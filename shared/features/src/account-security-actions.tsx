import { useState, type ReactNode } from 'react';
import { useSecurityPolicyMutations } from '@portal/api-client';
import { ConfirmDialog, useConfirmedDelete } from '@portal/ui';

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

const WORDING: Record<AccountSecurityAction, { title(name: string): string; message(name: string): string; confirm: string }> = {
  'reset-second-factor': {
    title: (name) => `Reset two-factor sign-in for ${name}?`,
    message: (name) =>
      `${name}'s authenticator app, passkeys and recovery codes are removed, and ${name} is told by mail. ` +
      'They sign in with the password alone until they set up a new one.',
    confirm: 'Reset two-factor',
  },
  'end-sessions': {
    title: (name) => `Sign ${name} out everywhere?`,
    message: (name) => `Every browser where ${name} is signed in is signed out.`,
    confirm: 'Sign out everywhere',
  },
};

/**
 * An admin's actions on a user's account security (docs/product/accounts-and-roles.md#account-security):
 * reset the second factor, end every session; each after a confirmation. `ask` opens it;
 * the dialog, the last failure and what was done are for the screen to show. Used on the rows of
 * Manage Agents and of a company's contacts.
 */
export function useAccountSecurityActions(): AccountSecurityActions {
  const { resetSecondFactor, endContactSessions } = useSecurityPolicyMutations();
  const [done, setDone] = useState<string | null>(null);
  const confirmed = useConfirmedDelete(async ({ id, name, action }: AccountSecurityRequest) => {
    setDone(null);
    if (action === 'reset-second-factor') {
      await resetSecondFactor(id);
      setDone(`Two-factor sign-in for ${name} was reset; ${name} was told by mail.`);
    } else {
      const ended = await endContactSessions(id);
      setDone(ended === 0 ? `${name} was not signed in anywhere.` : `${name} was signed out of ${ended === 1 ? '1 session' : `${ended} sessions`}.`);
    }
  });
  const { pending } = confirmed;
  const wording = pending ? WORDING[pending.action] : null;
  const dialog = (
    <ConfirmDialog
      {...confirmed.dialog}
      title={pending && wording ? wording.title(pending.name) : undefined}
      message={pending && wording ? wording.message(pending.name) : ''}
      confirmLabel={wording?.confirm}
    />
  );
  return { ask: (item: AccountSecurityRequest) => confirmed.ask(item), dialog, error: confirmed.error, done };
}
