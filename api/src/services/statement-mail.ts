import { STATEMENT_MESSAGES as TEXT, escapeHtml, formatDateUs, formatUnitsHhmm, formatUsd, statementSubject, type StatementContent } from '@portal/domain';
import { textToHtml, ticketLink, type MailText } from './mail-templates';

// The statement's mail (docs/product/statements.md#the-mail): the sections of the printable page, in the same order
// and under the same headings, as plain text and HTML, and the link to the page.

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

const hours = (units: number) => formatUnitsHhmm(units);

function sections(publicUrl: string, companyId: number, statement: StatementContent, timeZone: string): Section[] {
  const link = (ticketId: number | null, title: string) => (ticketId === null
    ? escapeHtml(title)
    : `<a href="${escapeHtml(ticketLink(publicUrl, { company_id: companyId, ticket_id: ticketId }))}">#${ticketId} ${escapeHtml(title)}</a>`);
  const named = (ticketId: number | null, title: string) => (ticketId === null ? title : `#${ticketId} ${title}`);
  const plan = statement.plan;
  const planLines = plan
    ? [
      `Included: ${hours(plan.included_units)}${plan.rolled_over_units > 0 ? ` + ${hours(plan.rolled_over_units)} rolled over` : ''}`,
      `Used: ${hours(plan.used_units)} (${plan.percent_used} %)`,
      `Remaining: ${hours(plan.remaining_units)}`,
      ...(plan.overage_units > 0 ? [`Beyond the plan: ${hours(plan.overage_units)}`] : []),
    ]
    : [];
  return [
    {
      heading: TEXT.ticketsWorked,
      lines: [
        ...statement.worked.map((ticket) => `${named(ticket.ticket_id, ticket.title)}: ${hours(ticket.units)}, ${formatUsd(ticket.amount)}`),
        ...(statement.worked.length > 0 ? [`Total: ${hours(statement.total_units)}, ${formatUsd(statement.total_amount)}`] : []),
      ],
      items: [
        ...statement.worked.map((ticket) => `${link(ticket.ticket_id, ticket.title)}: ${hours(ticket.units)}, ${formatUsd(ticket.amount)}`),
        ...(statement.worked.length > 0 ? [`<strong>Total: ${hours(statement.total_units)}, ${formatUsd(statement.total_amount)}</strong>`] : []),
      ],
      empty: TEXT.noTimeLogged,
    },
    {
      heading: TEXT.completed,
      lines: statement.completed.map((ticket) => `${named(ticket.ticket_id, ticket.title)} (${formatDateUs(ticket.date_completed, timeZone)})`),
      items: statement.completed.map((ticket) => `${link(ticket.ticket_id, ticket.title)} (${formatDateUs(ticket.date_completed, timeZone)})`),
      empty: TEXT.noneCompleted,
    },
    {
      heading: TEXT.timeByType,
      lines: statement.by_type.map((type) => `${type.type_name}: ${hours(type.units)}, ${formatUsd(type.amount)}`),
      items: statement.by_type.map((type) => `${escapeHtml(type.type_name)}: ${hours(type.units)}, ${formatUsd(type.amount)}`),
      empty: TEXT.noTimeLogged,
    },
    { heading: TEXT.planHours, lines: planLines, items: planLines.map(escapeHtml), empty: TEXT.noPlan },
    {
      heading: TEXT.maintenanceDone,
      lines: statement.maintenance.flatMap((ticket) => [
        `${named(ticket.ticket_id, ticket.title)}: ${ticket.done} of ${ticket.tasks.length} done`,
        ...ticket.tasks.map((task) => `  [${task.done ? 'x' : ' '}] ${task.instruction}`),
      ]),
      items: statement.maintenance.map((ticket) => `${link(ticket.ticket_id, ticket.title)}: ${ticket.done} of ${ticket.tasks.length} done<ul>${
        ticket.tasks.map((task) => `<li>${task.done ? '&#9745;' : '&#9744;'} ${escapeHtml(task.instruction)}</li>`).join('')}</ul>`),
      empty: TEXT.noMaintenance,
    },
    {
      heading: TEXT.overdue,
      lines: statement.overdue.map((ticket) => `${named(ticket.ticket_id, ticket.title)} (due ${formatDateUs(ticket.date_due, timeZone)})`),
      items: statement.overdue.map((ticket) => `${link(ticket.ticket_id, ticket.title)} (due ${formatDateUs(ticket.date_due, timeZone)})`),
      empty: TEXT.noneOverdue,
    },
  ];
}

/** To each primary contact of the company on the first day of the month after. */
export function statementMail(
  publicUrl: string, statement: StatementContent & { company_id: number; company_name: string }, firstName: string, timeZone: string,
): MailText {
  const link = statementLink(publicUrl, statement.company_id, statement.month);
  const intro = `Hello ${firstName},\n\nHere is ${statement.company_name}'s statement for ${statement.month_label}.`;
  const parts = sections(publicUrl, statement.company_id, statement, timeZone);
  const text = parts.map((part) => `${part.heading}\n${part.lines.length > 0 ? part.lines.map((line) => `- ${line}`).join('\n') : part.empty}`);
  const html = parts.map((part) => `<h2>${escapeHtml(part.heading)}</h2>\n${part.items.length > 0
    ? `<ul>\n${part.items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`
    : `<p>${escapeHtml(part.empty)}</p>`}`);
  return {
    subject: statementSubject(statement.month),
    text: `${intro}\n\n${text.join('\n\n')}\n\nView and print it: ${link}`,
    html: `${textToHtml(intro)}\n${html.join('\n')}\n<p><a href="${escapeHtml(link)}">View and print the statement</a></p>`,
  };
}
