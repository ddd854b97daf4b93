import {
  DEFAULT_CURRENCY, DEFAULT_LANGUAGE, escapeHtml, formatDate, formatMoney, formatUnitsHhmm, type Currency, type Language, type StatementContent,
} from '@portal/domain';
import { mailTranslator } from '../messages';
import { helloLine, textToHtml, ticketLink, type MailText } from './mail-templates';

// The statement's mail (docs/product/statements.md#the-mail): the sections of the printable page, in the same order
// and under the same headings, as plain text and HTML, and the link to the page. In the recipient's language: its
// dates and money as they write them, the money in the agency's currency (never converted).

/** The printable statement in the billing remote. */
export function statementLink(publicUrl: string, companyId: number, month: string): string {
  return `${publicUrl}/clients/${companyId}/statements/${month}`;
}

interface Section {
  heading: string;
  /** Plain-text lines; none: `empty` is said instead. */
  lines: string[];
  /** The same lines as HTML list items (user text escaped). */
  items: string[];
  empty: string;
}

/** How the recipient reads the statement: their language, their clock, the agency's currency. */
export interface StatementMailFormats {
  language: Language;
  timeZone: string;
  currency: Currency;
}

const hours = (units: number) => formatUnitsHhmm(units);

/** 'November 2026' in the language's words. */
function monthIn(month: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))
    .toLocaleDateString(language === 'de' ? 'de-DE' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function sections(publicUrl: string, companyId: number, statement: StatementContent, formats: StatementMailFormats): Section[] {
  const t = mailTranslator(formats.language);
  const money = (amount: number) => formatMoney(amount, { locale: formats.language, currency: formats.currency });
  const date = (value: string | null) => formatDate(value, { locale: formats.language, timeZone: formats.timeZone });
  const link = (ticketId: number | null, title: string) => (ticketId === null
    ? escapeHtml(title)
    : `<a href="${escapeHtml(ticketLink(publicUrl, { company_id: companyId, ticket_id: ticketId }))}">#${ticketId} ${escapeHtml(title)}</a>`);
  const named = (ticketId: number | null, title: string) => (ticketId === null ? title : `#${ticketId} ${title}`);
  const total = (units: number, amount: number) => t('statement.total', { hours: hours(units), amount: money(amount) });
  const tasksDone = (ticket: { done: number; tasks: readonly unknown[] }) => t('statement.tasksDone', { done: String(ticket.done), count: String(ticket.tasks.length) });
  const plan = statement.plan;
  const planLines = plan
    ? [
      plan.rolled_over_units > 0
        ? t('statement.includedRolledOver', { included: hours(plan.included_units), rolled: hours(plan.rolled_over_units) })
        : t('statement.included', { included: hours(plan.included_units) }),
      t('statement.used', { used: hours(plan.used_units), percent: String(plan.percent_used) }),
      t('statement.remaining', { remaining: hours(plan.remaining_units) }),
      ...(plan.overage_units > 0 ? [t('statement.beyondPlan', { hours: hours(plan.overage_units) })] : []),
    ]
    : [];
  return [
    {
      heading: t('statement.ticketsWorked'),
      lines: [
        ...statement.worked.map((ticket) => `${named(ticket.ticket_id, ticket.title)}: ${hours(ticket.units)}, ${money(ticket.amount)}`),
        ...(statement.worked.length > 0 ? [total(statement.total_units, statement.total_amount)] : []),
      ],
      items: [
        ...statement.worked.map((ticket) => `${link(ticket.ticket_id, ticket.title)}: ${hours(ticket.units)}, ${escapeHtml(money(ticket.amount))}`),
        ...(statement.worked.length > 0 ? [`<strong>${escapeHtml(total(statement.total_units, statement.total_amount))}</strong>`] : []),
      ],
      empty: t('statement.noTimeLogged'),
    },
    {
      heading: t('statement.completed'),
      lines: statement.completed.map((ticket) => `${named(ticket.ticket_id, ticket.title)} (${date(ticket.date_completed)})`),
      items: statement.completed.map((ticket) => `${link(ticket.ticket_id, ticket.title)} (${escapeHtml(date(ticket.date_completed))})`),
      empty: t('statement.noneCompleted'),
    },
    {
      heading: t('statement.timeByType'),
      lines: statement.by_type.map((type) => `${type.type_name}: ${hours(type.units)}, ${money(type.amount)}`),
      items: statement.by_type.map((type) => `${escapeHtml(type.type_name)}: ${hours(type.units)}, ${escapeHtml(money(type.amount))}`),
      empty: t('statement.noTimeLogged'),
    },
    { heading: t('statement.planHours'), lines: planLines, items: planLines.map(escapeHtml), empty: t('statement.noPlan') },
    {
      heading: t('statement.maintenanceDone'),
      lines: statement.maintenance.flatMap((ticket) => [
        `${named(ticket.ticket_id, ticket.title)}: ${tasksDone(ticket)}`,
        ...ticket.tasks.map((task) => `  [${task.done ? 'x' : ' '}] ${task.instruction}`),
      ]),
      items: statement.maintenance.map((ticket) => `${link(ticket.ticket_id, ticket.title)}: ${escapeHtml(tasksDone(ticket))}<ul>${
        ticket.tasks.map((task) => `<li>${task.done ? '&#9745;' : '&#9744;'} ${escapeHtml(task.instruction)}</li>`).join('')}</ul>`),
      empty: t('statement.noMaintenance'),
    },
    {
      heading: t('statement.overdue'),
      lines: statement.overdue.map((ticket) => `${named(ticket.ticket_id, ticket.title)} (${t('statement.dueOn', { date: date(ticket.date_due) })})`),
      items: statement.overdue.map((ticket) => `${link(ticket.ticket_id, ticket.title)} (${escapeHtml(t('statement.dueOn', { date: date(ticket.date_due) }))})`),
      empty: t('statement.noneOverdue'),
    },
  ];
}

/**
 * To each primary contact of the company on the first day of the month after. `zone`: the recipient's clock
 * and, optionally, their language and the agency's currency (English and US dollars when not given).
 */
export function statementMail(
  publicUrl: string, statement: StatementContent & { company_id: number; company_name: string }, firstName: string,
  zone: string | Partial<StatementMailFormats> & { timeZone: string },
): MailText {
  const formats: StatementMailFormats = typeof zone === 'string'
    ? { language: DEFAULT_LANGUAGE, timeZone: zone, currency: DEFAULT_CURRENCY }
    : { language: zone.language ?? DEFAULT_LANGUAGE, timeZone: zone.timeZone, currency: zone.currency ?? DEFAULT_CURRENCY };
  const t = mailTranslator(formats.language);
  const month = formats.language === DEFAULT_LANGUAGE ? statement.month_label : monthIn(statement.month, formats.language);
  const link = statementLink(publicUrl, statement.company_id, statement.month);
  const intro = `${helloLine(firstName, formats.language)}\n\n${t('statement.intro', { company: statement.company_name, month })}`;
  const parts = sections(publicUrl, statement.company_id, statement, formats);
  const text = parts.map((part) => `${part.heading}\n${part.lines.length > 0 ? part.lines.map((line) => `- ${line}`).join('\n') : part.empty}`);
  const html = parts.map((part) => `<h2>${escapeHtml(part.heading)}</h2>\n${part.items.length > 0
    ? `<ul>\n${part.items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`
    : `<p>${escapeHtml(part.empty)}</p>`}`);
  return {
    subject: t('statement.subject', { month }),
    text: `${intro}\n\n${text.join('\n\n')}\n\n${t('statement.viewAt', { link })}`,
    html: `${textToHtml(intro)}\n${html.join('\n')}\n<p><a href="${escapeHtml(link)}">${escapeHtml(t('statement.view'))}</a></p>`,
  };
}
