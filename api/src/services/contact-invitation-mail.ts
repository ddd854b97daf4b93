import { escapeHtml } from '@portal/domain';
import { resetPasswordLink, textToHtml, verifyEmailLink, type MailText } from './mail-templates';

// The two mails of adding a contact by e-mail (docs/product/companies-and-contacts.md#contacts): the
// invitation of a new address, with its links, and the word to someone whose address a company tried
// to add, which changes nothing and carries no link.

const IGNORE = 'If you did not expect this message, you can ignore it.';

/** To a new contact: who added them and the links to confirm the address and set a password. */
export function contactInvitationMail(
  publicUrl: string,
  invitation: { firstName: string; companyName: string; verifyCode: string; resetCode: string },
): MailText {
  const verify = verifyEmailLink(publicUrl, invitation.verifyCode);
  const setPassword = resetPasswordLink(publicUrl, invitation.resetCode);
  const intro = `Hello ${invitation.firstName},\n\n${invitation.companyName} added you as a contact on the support portal.`;
  const steps = 'To set up your account, confirm your e-mail address, then choose your password. The password link works once, within one day; after that, use "Forgot password" on the sign-in page. If you use neither link within 7 days, the address is no longer held for you.';
  return {
    subject: 'You were added to the support portal',
    text: `${intro}\n\n${steps}\n\nConfirm your e-mail address: ${verify}\n\nSet your password: ${setPassword}\n\n${IGNORE}`,
    html: [
      textToHtml(intro),
      textToHtml(steps),
      `<p><a href="${escapeHtml(verify)}">Confirm your e-mail address</a></p>`,
      `<p><a href="${escapeHtml(setPassword)}">Set your password</a></p>`,
      `<p>${IGNORE}</p>`,
    ].join('\n'),
  };
}

/** To the owner of an address a company tried to add: nothing was changed, and how to join them if they wish. */
export function contactAddAttemptMail(attempt: { firstName: string; companyName: string; email: string }): MailText {
  const body = `Hello ${attempt.firstName},\n\n${attempt.companyName} tried to add ${attempt.email} as one of its contacts on the support portal. `
    + 'Your account already uses this address, so nothing was changed: you were not added, and your account is as it was.\n\n'
    + `If you work with ${attempt.companyName} and want to be one of its contacts, ask them to contact support, who can add your account.`;
  return {
    subject: 'A company tried to add you to the support portal',
    text: `${body}\n\n${IGNORE}`,
    html: [textToHtml(body), `<p>${IGNORE}</p>`].join('\n'),
  };
}
