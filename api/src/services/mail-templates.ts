import { INTERNAL_NOTE_LABEL, escapeHtml, renderWithTokens, replaceTokens, unsubscribeReason, type DigestKind, type TokenValues } from '@portal/domain';
import { markdownToMailHtml } from './mail-markdown';

// Every mail text of the API: plain text and HTML, user text always escaped, ticket links built
// from PUBLIC_URL in one place. Markdown a person wrote (a note, a message) is rendered by the one
// pipeline of mail, as the screen renders it (docs/product/notifications-and-mail.md#markdown-in-mail).

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

const openTicketHtml = (link: string) => `<p><a href="${escapeHtml(link)}">Open the ticket</a></p>`;

/** To the admins when a ticket is created. */
export function newTicketMail(publicUrl: string, ticket: { company_id: number; ticket_id: number; title: string }, companyName: string): MailText {
  const link = ticketLink(publicUrl, ticket);
  return {
    subject: `New ticket [#${ticket.ticket_id}]: ${ticket.title}`,
    text: `A new ticket was created for ${companyName}.\n\n${ticket.title}\n\nOpen it: ${link}`,
    html: `<p>A new ticket was created for ${escapeHtml(companyName)}.</p><p><strong>${escapeHtml(ticket.title)}</strong></p>${openTicketHtml(link)}`,
  };
}

/** To the sender of a mail that opened a ticket (docs/product/notifications-and-mail.md#matching): the ticket and its link. */
export function ticketAcknowledgementMail(publicUrl: string, ticket: { company_id: number; ticket_id: number; title: string }, firstName: string): MailText {
  const link = ticketLink(publicUrl, ticket);
  const intro = `Hello ${firstName},\n\nWe received your message and opened ticket #${ticket.ticket_id} for it. Reply to this e-mail to add to it.`;
  return {
    subject: `Ticket [#${ticket.ticket_id}] received: ${ticket.title}`,
    text: `${intro}\n\n${ticket.title}\n\nOpen the ticket: ${link}`,
    html: `${textToHtml(intro)}\n<p><strong>${escapeHtml(ticket.title)}</strong></p>${openTicketHtml(link)}`,
  };
}

/**
 * An activity note mailed to a contact, with a link to its ticket when there is one. An internal note (to staff
 * only) says so in its subject and first line (docs/product/tickets.md#internal-notes).
 */
export function activityMail(
  publicUrl: string, text: string, ticket?: { company_id: number; ticket_id: number; title: string }, { internal = false } = {},
): MailText {
  const link = ticket ? ticketLink(publicUrl, ticket) : null;
  const note = internal ? `**${INTERNAL_NOTE_LABEL}**\n\n${text}` : text;
  return {
    subject: ticket
      ? `${internal ? INTERNAL_NOTE_LABEL : 'New activity'} on ticket [#${ticket.ticket_id}]: ${ticket.title}`
      : 'New activity on your ticket',
    text: link ? `${note}\n\nOpen the ticket: ${link}` : note,
    html: `${markdownToMailHtml(note, { baseUrl: publicUrl })}${link ? `\n${openTicketHtml(link)}` : ''}`,
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
export function resetPasswordMail(publicUrl: string, code: string, firstName: string): MailText {
  const link = resetPasswordLink(publicUrl, code);
  const intro = `Hello ${firstName},\n\nUse this link to set your password for the support portal. It works once, within one day.`;
  return {
    subject: 'Set your support portal password',
    text: `${intro}\n\n${link}\n\nIf you did not expect this message, you can ignore it.`,
    html: `${textToHtml(intro)}\n<p><a href="${escapeHtml(link)}">Set your password</a></p>\n<p>If you did not expect this message, you can ignore it.</p>`,
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
export function unsubscribeFooter(kind: DigestKind, unsubscribeLink: string): { text: string; html: string } {
  const reason = unsubscribeReason(kind);
  const stop = `Unsubscribe from ${kind} e-mails`;
  return {
    text: `--\n${reason}\n${stop}: ${unsubscribeLink}`,
    html: `<hr>\n<p style="color: #555; font-size: 0.9em">${escapeHtml(reason)}<br><a href="${escapeHtml(unsubscribeLink)}">${escapeHtml(stop)}</a></p>`,
  };
}

/** The hourly, daily or weekly list of new notifications, with the footer that says how to stop that kind. */
export function notificationDigestMail(kind: DigestKind, firstName: string, entries: DigestEntry[], unsubscribeLink: string): MailText {
  const intro = `Hello ${firstName},\n\nYou have ${entries.length} new notification${entries.length === 1 ? '' : 's'} since your last ${kind} e-mail.`;
  const footer = unsubscribeFooter(kind, unsubscribeLink);
  const lines = entries.map((entry) => `- ${entry.date}: ${entry.note}${entry.link ? `\n  ${entry.link}` : ''}`);
  const items = entries.map((entry) => {
    const ticket = entry.link ? ` <a href="${escapeHtml(entry.link)}">Open the ticket</a>` : '';
    return `<li>${escapeHtml(entry.date)}: ${escapeHtml(entry.note)}${ticket}</li>`;
  });
  return {
    subject: `Your ${kind} notifications: ${entries.length} new`,
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
): MailText {
  const verify = verifyEmailLink(publicUrl, welcome.verifyCode);
  const setPassword = resetPasswordLink(publicUrl, welcome.resetCode);
  const intro = `Hello ${welcome.firstName},\n\n${welcome.companyName} is now registered with the support portal.`;
  const steps = 'To finish setting up your account, confirm your e-mail address, then choose your password. The password link works once, within one day; after that, use "Forgot password" on the sign-in page.';
  return {
    subject: 'Welcome to the support portal',
    text: `${intro}\n\n${steps}\n\nConfirm your e-mail address: ${verify}\n\nSet your password: ${setPassword}\n\nIf you did not expect this message, you can ignore it.`,
    html: [
      textToHtml(intro),
      textToHtml(steps),
      `<p><a href="${escapeHtml(verify)}">Confirm your e-mail address</a></p>`,
      `<p><a href="${escapeHtml(setPassword)}">Set your password</a></p>`,
      '<p>If you did not expect this message, you can ignore it.</p>',
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

/** To each primary contact of the company when its month is invoiced. */
export function invoiceIssuedMail(
  publicUrl: string,
  invoice: { company_id: number; invoice_id: number; number: string; month_label: string; total: string; due_date: string; provider_name: string },
  firstName: string,
): MailText {
  const link = invoiceLink(publicUrl, invoice);
  const intro = `Hello ${firstName},\n\n${invoice.provider_name} has issued invoice ${invoice.number} for ${invoice.month_label}.`;
  const facts = `Total: ${invoice.total}\nDue date: ${invoice.due_date}`;
  return {
    subject: `Invoice ${invoice.number} from ${invoice.provider_name}`,
    text: `${intro}\n\n${facts}\n\nView and print it: ${link}`,
    html: `${textToHtml(intro)}\n${textToHtml(facts)}\n<p><a href="${escapeHtml(link)}">View and print the invoice</a></p>`,
  };
}
