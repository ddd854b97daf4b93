import {
  DEFAULT_LANGUAGE, escapeHtml, formatDate, formatMoney, renderWithTokens, replaceTokens, type Currency, type DigestKind, type Language, type TokenValues,
} from '@portal/domain';
import { mailTranslator } from '../messages';
import { markdownToMailHtml } from './mail-markdown';

// Every mail text of the API: plain text and HTML, user text always escaped, ticket links built
// from PUBLIC_URL in one place. Markdown a person wrote (a note, a message) is rendered by the one
// pipeline of mail, as the screen renders it (docs/product/notifications-and-mail.md#markdown-in-mail).
// The portal's own words come from api/src/messages in the recipient's language (the last argument,
// English when absent); what people wrote (titles, notes, company names) is never translated.

/** Every mail has both parts: the plain text and the HTML. */
export interface MailText {
  subject: string;
  text: string;
  html: string;
}

/** Plain text the portal wrote, as HTML paragraphs. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** The ticket page of the portal (the client dashboard's route, open to staff too). */
export function ticketLink(publicUrl: string, ticket: { company_id: number; ticket_id: number }): string {
  return `${publicUrl}/clients/${ticket.company_id}/tickets/${ticket.ticket_id}`;
}

const openTicketHtml = (link: string, language: Language = DEFAULT_LANGUAGE) => `<p><a href="${escapeHtml(link)}">${escapeHtml(mailTranslator(language)('mail.openTicket'))}</a></p>`;

/** 'Hello {name},': the first line of mail to one person. */
export const helloLine = (firstName: string, language: Language = DEFAULT_LANGUAGE): string => mailTranslator(language)('mail.hello', { name: firstName });

/** To the admins when a ticket is created. */
export function newTicketMail(
  publicUrl: string, ticket: { company_id: number; ticket_id: number; title: string }, companyName: string, language: Language = DEFAULT_LANGUAGE,
): MailText {
  const t = mailTranslator(language);
  const link = ticketLink(publicUrl, ticket);
  const id = String(ticket.ticket_id);
  return {
    subject: t('newTicket.subject', { id, title: ticket.title }),
    text: `${t('newTicket.intro', { company: companyName })}\n\n${ticket.title}\n\n${t('newTicket.openAt', { link })}`,
    html: `<p>${escapeHtml(t('newTicket.intro', { company: companyName }))}</p><p><strong>${escapeHtml(ticket.title)}</strong></p>${openTicketHtml(link, language)}`,
  };
}

/** To the sender of a mail that opened a ticket (docs/product/notifications-and-mail.md#matching): the ticket and its link. */
export function ticketAcknowledgementMail(
  publicUrl: string, ticket: { company_id: number; ticket_id: number; title: string }, firstName: string, language: Language = DEFAULT_LANGUAGE,
): MailText {
  const t = mailTranslator(language);
  const link = ticketLink(publicUrl, ticket);
  const id = String(ticket.ticket_id);
  const intro = `${helloLine(firstName, language)}\n\n${t('acknowledgement.body', { id })}`;
  return {
    subject: t('acknowledgement.subject', { id, title: ticket.title }),
    text: `${intro}\n\n${ticket.title}\n\n${t('mail.openTicketAt', { link })}`,
    html: `${textToHtml(intro)}\n<p><strong>${escapeHtml(ticket.title)}</strong></p>${openTicketHtml(link, language)}`,
  };
}

/**
 * An activity note mailed to a contact, with a link to its ticket when there is one. An internal note (to staff
 * only) says so in its subject and first line (docs/product/tickets.md#internal-notes).
 */
export function activityMail(
  publicUrl: string, text: string, ticket?: { company_id: number; ticket_id: number; title: string }, { internal = false } = {},
  language: Language = DEFAULT_LANGUAGE,
): MailText {
  const t = mailTranslator(language);
  const link = ticket ? ticketLink(publicUrl, ticket) : null;
  const note = internal ? `**${t('activity.internalLabel')}**\n\n${text}` : text;
  return {
    subject: ticket
      ? t(internal ? 'activity.internalSubject' : 'activity.subject', { id: String(ticket.ticket_id), title: ticket.title })
      : t('activity.subjectWithoutTicket'),
    text: link ? `${note}\n\n${t('mail.openTicketAt', { link })}` : note,
    html: `${markdownToMailHtml(note, { baseUrl: publicUrl })}${link ? `\n${openTicketHtml(link, language)}` : ''}`,
  };
}

/** A message written by staff to a contact, in Markdown like a note. */
export function contactMail(subject: string, message: string, publicUrl?: string): MailText {
  return { subject, text: message, html: markdownToMailHtml(message, { baseUrl: publicUrl }) };
}

/** The reset page of the portal for a one-time code, resetpassword/{resetCode} (docs/product/accounts-and-roles.md#password-reset). */
export function resetPasswordLink(publicUrl: string, code: string): string {
  return `${publicUrl}/resetpassword/${encodeURIComponent(code)}`;
}

/** A password-reset link, valid one day and once. */
export function resetPasswordMail(publicUrl: string, code: string, firstName: string, language: Language = DEFAULT_LANGUAGE): MailText {
  const t = mailTranslator(language);
  const link = resetPasswordLink(publicUrl, code);
  const intro = `${helloLine(firstName, language)}\n\n${t('reset.body')}`;
  const ignore = t('mail.ignore');
  return {
    subject: t('reset.subject'),
    text: `${intro}\n\n${link}\n\n${ignore}`,
    html: `${textToHtml(intro)}\n<p><a href="${escapeHtml(link)}">${escapeHtml(t('mail.setPassword'))}</a></p>\n<p>${escapeHtml(ignore)}</p>`,
  };
}

/** One notification in a digest: its date on the contact's clock, its text and its ticket's page. */
export interface DigestEntry {
  date: string;
  note: string;
  link: string | null;
}

/**
 * The footer of mail that can be stopped (docs/product/notifications-and-mail.md#unsubscribe): why it
 * comes, and the link that turns its kind off.
 */
export function unsubscribeFooter(kind: DigestKind, unsubscribeLink: string, language: Language = DEFAULT_LANGUAGE): { text: string; html: string } {
  const t = mailTranslator(language);
  const reason = t('unsubscribe.reason', { kind });
  const stop = t('unsubscribe.stop', { kind });
  return {
    text: `--\n${reason}\n${stop}: ${unsubscribeLink}`,
    html: `<hr>\n<p style="color: #555; font-size: 0.9em">${escapeHtml(reason)}<br><a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(stop)}</a></p>`,
  };
}

/** The hourly, daily or weekly list of new notifications, with the footer that says how to stop that kind. */
export function notificationDigestMail(
  kind: DigestKind, firstName: string, entries: DigestEntry[], unsubscribeLink: string, language: Language = DEFAULT_LANGUAGE,
): MailText {
  const t = mailTranslator(language);
  const intro = `${helloLine(firstName, language)}\n\n${t('digest.intro', { count: entries.length, kind })}`;
  const footer = unsubscribeFooter(kind, unsubscribeLink, language);
  const lines = entries.map((entry) => `- ${entry.date}: ${entry.note}${entry.link ? `\n  ${entry.link}` : ''}`);
  const items = entries.map((entry) => {
    const ticket = entry.link ? ` <a href="${escapeHtml(entry.link)}">${escapeHtml(t('mail.openTicket'))}</a>` : '';
    return `<li>${escapeHtml(entry.date)}: ${escapeHtml(entry.note)}${ticket}</li>`;
  });
  return {
    subject: t('digest.subject', { kind, count: String(entries.length) }),
    text: `${intro}\n\n${lines.join('\n')}\n\n${footer.text}`,
    html: `${textToHtml(intro)}\n<ul>\n${items.join('\n')}\n</ul>\n${footer.html}`,
  };
}

/** The e-mail verification page of the portal, verifyemail/{verificationCode} (docs/product/accounts-and-roles.md#e-mail-verification). */
export function verifyEmailLink(publicUrl: string, code: string): string {
  return `${publicUrl}/verifyemail/${encodeURIComponent(code)}`;
}

/**
 * To each contact of a new registration (the wizard's last step says to check the inbox to finish
 * account setup: docs/product/notifications-and-mail.md#welcome-and-reset-mail): the link that
 * verifies the address and the one that sets a first password.
 */
export function welcomeMail(
  publicUrl: string,
  welcome: { firstName: string; companyName: string; verifyCode: string; resetCode: string },
  language: Language = DEFAULT_LANGUAGE,
): MailText {
  const t = mailTranslator(language);
  const intro = `${helloLine(welcome.firstName, language)}\n\n${t('welcome.intro', { company: welcome.companyName })}`;
  return { subject: t('welcome.subject'), ...accountLinksMail(publicUrl, intro, t('welcome.steps'), welcome, language) };
}

/**
 * The body of mail that opens an account (a welcome, an invitation): its intro, the steps, the links that
 * confirm the address and set a first password, and the line for those who did not expect it.
 */
export function accountLinksMail(
  publicUrl: string, intro: string, steps: string, codes: { verifyCode: string; resetCode: string }, language: Language = DEFAULT_LANGUAGE,
): Omit<MailText, 'subject'> {
  const t = mailTranslator(language);
  const verify = verifyEmailLink(publicUrl, codes.verifyCode);
  const setPassword = resetPasswordLink(publicUrl, codes.resetCode);
  const ignore = t('mail.ignore');
  return {
    text: `${intro}\n\n${steps}\n\n${t('mail.confirmEmailAt', { link: verify })}\n\n${t('mail.setPasswordAt', { link: setPassword })}\n\n${ignore}`,
    html: [
      textToHtml(intro),
      textToHtml(steps),
      `<p><a href="${escapeHtml(verify)}">${escapeHtml(t('mail.confirmEmail'))}</a></p>`,
      `<p><a href="${escapeHtml(setPassword)}">${escapeHtml(t('mail.setPassword'))}</a></p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join('\n'),
  };
}

// docs/product/messaging.md#message-body: raw HTML off, links detected, by the one Markdown pipeline of mail.
// Tokens are filled in around the rendering (renderWithTokens), so a value is never read as markdown or HTML,
// and a token in a link's address is filled in URL-encoded.

/** A message-centre mail: the admin's markdown with the recipient's token values. */
export function messageCenterMail(subject: string, message: string, tokens: TokenValues): MailText {
  return {
    subject: replaceTokens(subject, tokens),
    text: replaceTokens(message, tokens),
    html: renderWithTokens(message, tokens, (markdown) => markdownToMailHtml(markdown), escapeHtml),
  };
}

/** The client's page of an issued invoice (opened from its dashboard, printable). */
export function invoiceLink(publicUrl: string, invoice: { company_id: number; invoice_id: number }): string {
  return `${publicUrl}/clients/${invoice.company_id}/invoices/${invoice.invoice_id}`;
}

/**
 * An invoice as its mail shows it. `month_label`, `total` and `due_date` are its English wording ('November 2026',
 * '$1,234.50', the due date as the product documents write it); another language words them from `month`
 * ('2026-11'), `total_amount` in `currency`, and `due_date` read as a date, when they are given.
 */
export interface InvoiceMailFacts {
  company_id: number;
  invoice_id: number;
  number: string;
  month_label: string;
  total: string;
  due_date: string;
  provider_name: string;
  month?: string;
  total_amount?: number;
  currency?: Currency;
}

/** 'November 2026' in the language's words. */
function monthIn(month: string, language: Language): string | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)).toLocaleDateString(language === 'de' ? 'de-DE' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** To each primary contact of the company when its month is invoiced. */
export function invoiceIssuedMail(publicUrl: string, invoice: InvoiceMailFacts, firstName: string, language: Language = DEFAULT_LANGUAGE): MailText {
  const t = mailTranslator(language);
  const english = language === 'en';
  const month = (!english && invoice.month ? monthIn(invoice.month, language) : null) ?? invoice.month_label;
  const total = !english && invoice.total_amount !== undefined ? formatMoney(invoice.total_amount, { locale: language, currency: invoice.currency ?? 'USD' }) : invoice.total;
  const due = (!english && formatDate(invoice.due_date, { locale: language, timeZone: 'UTC' })) || invoice.due_date;
  const link = invoiceLink(publicUrl, invoice);
  const intro = `${helloLine(firstName, language)}\n\n${t('invoice.intro', { provider: invoice.provider_name, number: invoice.number, month })}`;
  const facts = t('invoice.facts', { total, due });
  return {
    subject: t('invoice.subject', { number: invoice.number, provider: invoice.provider_name }),
    text: `${intro}\n\n${facts}\n\n${t('invoice.viewAt', { link })}`,
    html: `${textToHtml(intro)}\n${textToHtml(facts)}\n<p><a href="${escapeHtml(link)}">${escapeHtml(t('invoice.view'))}</a></p>`,
  };
}
