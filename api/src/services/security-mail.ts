import { SECURITY_PAGE_PATH, escapeHtml } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import type { Repositories } from '../repositories/repositories';
import { textToHtml, type MailText } from './mail-templates';
import { AUTO_SUBMITTED } from './ticket-mail';

// Mail on what matters to an account's safety (docs/product/accounts-and-roles.md#account-security):
// a sign-in from a new browser, two-factor turned on or off (by the user or an admin), two-factor
// sign-in locked by wrong codes, a new password. Each links the Security page, where the user can
// end sessions and change factors.

export type SecurityEvent =
  | { kind: 'new-browser'; browser: string; system: string; address: string | null; when: string }
  | { kind: 'second-factor-on'; method: string }
  | { kind: 'second-factor-off'; method: string }
  | { kind: 'second-factor-reset' }
  | { kind: 'second-factor-locked'; wrongCodes: number; minutes: number }
  | { kind: 'password-changed' };

export function securityPageLink(publicUrl: string): string {
  return `${publicUrl}${SECURITY_PAGE_PATH}`;
}

function what(event: SecurityEvent): { subject: string; body: string } {
  switch (event.kind) {
    case 'new-browser':
      return {
        subject: 'New sign-in to your support portal account',
        body: `Your account was just signed in to from ${event.browser} on ${event.system}${event.address ? ` (address ${event.address})` : ''}, at ${event.when} (UTC).`,
      };
    case 'second-factor-on':
      return { subject: 'Two-factor sign-in turned on', body: `Two-factor sign-in was turned on for your account (${event.method}).` };
    case 'second-factor-off':
      return { subject: 'Two-factor sign-in changed', body: `A second factor was removed from your account (${event.method}).` };
    case 'second-factor-reset':
      return {
        subject: 'Two-factor sign-in turned off by an administrator',
        body: 'An administrator removed your authenticator app, passkeys and recovery codes. You sign in with your password alone until you set up a second factor again.',
      };
    case 'second-factor-locked':
      return {
        subject: 'Two-factor sign-in locked after wrong codes',
        body: `Someone who knows your password entered ${event.wrongCodes} wrong two-factor codes for your account within an hour, so two-factor sign-in is locked for ${event.minutes} minutes.`,
      };
    case 'password-changed':
      return { subject: 'Your support portal password was changed', body: 'The password of your account was changed, and your other sessions were signed out.' };
  }
}

export function securityMail(publicUrl: string, firstName: string, event: SecurityEvent): MailText {
  const { subject, body } = what(event);
  const link = securityPageLink(publicUrl);
  const intro = `Hello ${firstName},\n\n${body}`;
  const notYou = 'If this was not you, sign in and review your sessions and second factors on the Security page, and change your password.';
  return {
    subject,
    text: `${intro}\n\n${notYou}\n\n${link}`,
    html: `${textToHtml(intro)}\n${textToHtml(notYou)}\n<p><a href="${escapeHtml(link)}">Open the Security page</a></p>`,
  };
}

/** Queues the mail on the caller's transaction: it is sent only if the change commits. */
export async function queueSecurityMail(
  trx: PortalDb, repos: Repositories, publicUrl: string, to: { email: string; first_name: string }, event: SecurityEvent,
): Promise<void> {
  await repos.mailOutbox.add(trx, { to: to.email, ...securityMail(publicUrl, to.first_name, event), headers: AUTO_SUBMITTED });
}
