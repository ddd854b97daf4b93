import { DEFAULT_LANGUAGE, SECURITY_PAGE_PATH, escapeHtml, type Language } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { mailLanguage, mailTranslator, type MailTranslate } from '../messages';
import type { Repositories } from '../repositories/repositories';
import { helloLine, textToHtml, type MailText } from './mail-templates';
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

function what(event: SecurityEvent, t: MailTranslate): { subject: string; body: string } {
  switch (event.kind) {
    case 'new-browser':
      return {
        subject: t('security.newBrowser.subject'),
        body: t('security.newBrowser.body', {
          browser: event.browser, system: event.system, hasAddress: event.address ? 'yes' : 'no', address: event.address ?? '', when: event.when,
        }),
      };
    case 'second-factor-on':
      return { subject: t('security.factorOn.subject'), body: t('security.factorOn.body', { method: event.method }) };
    case 'second-factor-off':
      return { subject: t('security.factorOff.subject'), body: t('security.factorOff.body', { method: event.method }) };
    case 'second-factor-reset':
      return { subject: t('security.factorReset.subject'), body: t('security.factorReset.body') };
    case 'second-factor-locked':
      return {
        subject: t('security.factorLocked.subject'),
        body: t('security.factorLocked.body', { wrongCodes: String(event.wrongCodes), minutes: String(event.minutes) }),
      };
    case 'password-changed':
      return { subject: t('security.passwordChanged.subject'), body: t('security.passwordChanged.body') };
  }
}

export function securityMail(publicUrl: string, firstName: string, event: SecurityEvent, language: Language = DEFAULT_LANGUAGE): MailText {
  const t = mailTranslator(language);
  const { subject, body } = what(event, t);
  const link = securityPageLink(publicUrl);
  const intro = `${helloLine(firstName, language)}\n\n${body}`;
  const notYou = t('security.notYou');
  return {
    subject,
    text: `${intro}\n\n${notYou}\n\n${link}`,
    html: `${textToHtml(intro)}\n${textToHtml(notYou)}\n<p><a href="${escapeHtml(link)}">${escapeHtml(t('security.openPage'))}</a></p>`,
  };
}

/**
 * Queues the mail on the caller's transaction: it is sent only if the change commits. In the language of
 * contact `to.contact_id` (the portal's default without one).
 */
export async function queueSecurityMail(
  trx: PortalDb, repos: Repositories, publicUrl: string, to: { email: string; first_name: string; contact_id?: number }, event: SecurityEvent,
): Promise<void> {
  const language = await mailLanguage(trx, to.contact_id);
  await repos.mailOutbox.add(trx, { to: to.email, ...securityMail(publicUrl, to.first_name, event, language), headers: AUTO_SUBMITTED });
}
