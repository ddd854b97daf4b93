import { DEFAULT_LANGUAGE, escapeHtml, type Language } from '@portal/domain';
import { mailTranslator } from '../messages';
import { accountLinksMail, helloLine, textToHtml, type MailText } from './mail-templates';

// The two mails of adding a contact by e-mail (docs/product/companies-and-contacts.md#contacts): the
// invitation of a new address, with its links, and the word to someone whose address a company tried
// to add, which changes nothing and carries no link. Both in the recipient's language (English when absent).

/** To a new contact: who added them and the links to confirm the address and set a password. */
export function contactInvitationMail(
  publicUrl: string,
  invitation: { firstName: string; companyName: string; verifyCode: string; resetCode: string },
  language: Language = DEFAULT_LANGUAGE,
): MailText {
  const t = mailTranslator(language);
  const intro = `${helloLine(invitation.firstName, language)}\n\n${t('invitation.intro', { company: invitation.companyName })}`;
  return { subject: t('invitation.subject'), ...accountLinksMail(publicUrl, intro, t('invitation.steps'), invitation, language) };
}

/** To the owner of an address a company tried to add: nothing was changed, and how to join them if they wish. */
export function contactAddAttemptMail(attempt: { firstName: string; companyName: string; email: string }, language: Language = DEFAULT_LANGUAGE): MailText {
  const t = mailTranslator(language);
  const body = `${helloLine(attempt.firstName, language)}\n\n${t('addAttempt.body', { company: attempt.companyName, email: attempt.email })}`
    + `\n\n${t('addAttempt.join', { company: attempt.companyName })}`;
  const ignore = t('mail.ignore');
  return {
    subject: t('addAttempt.subject'),
    text: `${body}\n\n${ignore}`,
    html: [textToHtml(body), `<p>${escapeHtml(ignore)}</p>`].join('\n'),
  };
}
