// Message-centre tokens (docs/product/messaging.md#tokens): double braces, one set per recipient kind. An unknown token
// is left as written, so a typo shows in the sent mail instead of vanishing.

export const RECIPIENT_KINDS = ['contacts', 'clients', 'agents', 'tickets'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

export const MESSAGE_TOKENS: Readonly<Record<RecipientKind, readonly string[]>> = {
  contacts: ['contactFirst', 'contactLast', 'contactEmail'],
  clients: ['companyName', 'companyId', 'primaryFirst', 'primaryLast', 'primaryEmail', 'primaryPhone'],
  agents: ['agentFirst', 'agentLast', 'agentEmail'],
  tickets: ['companyName', 'contactFirst', 'contactLast', 'ticketList'],
};

export type TokenValues = Readonly<Record<string, string>>;

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * `text` with each known `{{token}}` replaced by its value passed through `encode`. The HTML of a
 * message is rendered from the markdown first and its tokens replaced with `escapeHtml`, so a value
 * (a company called "<b>Acme</b>") is shown as written and never read as markdown or HTML.
 */
export function replaceTokens(text: string, values: TokenValues, encode: (value: string) => string = (value) => value): string {
  return text.replace(TOKEN, (whole, name: string) => (Object.hasOwn(values, name) ? encode(values[name] ?? '') : whole));
}

/** A token value inside a link address: one URL component, its `@` kept readable (`mailto:ada@acme.test`). */
export function tokenUrlValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

/**
 * A digit and letters that do not occur in `text`: the ends of a token's stand-in while the Markdown is rendered
 * (a digit first, so `<{{name}}>` is not read as an HTML tag).
 */
function markerFor(text: string): string {
  let marker = '0QxTokQ';
  while (text.includes(marker)) marker += 'Q';
  return marker;
}

const LINK_ATTRIBUTE = /\b(href|src)="[^"]*"/g;

/**
 * The HTML of a Markdown message with its known tokens filled in (docs/product/messaging.md#tokens). Each token is
 * rendered as a stand-in of plain letters, so Markdown and autolinks read it as part of a word or address, then
 * replaced: inside a link address (`[site](https://x.test/{{companyId}})`, a bare `https://x.test/{{companyId}}`)
 * by its URL-encoded value, elsewhere by its HTML-escaped value, so a value is never read as Markdown or HTML.
 * Unknown tokens are rendered as written.
 */
export function renderWithTokens(
  markdown: string, values: TokenValues, render: (markdown: string) => string, escape: (text: string) => string = escapeHtml,
): string {
  const marker = markerFor(markdown);
  const names: string[] = [];
  const prepared = markdown.replace(TOKEN, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    names.push(name);
    return `${marker}${names.length - 1}${marker}`;
  });
  const standIn = new RegExp(`${marker}(\\d+)${marker}`, 'g');
  const valueOf = (index: string) => values[names[Number(index)] ?? ''] ?? '';
  return render(prepared)
    .replace(LINK_ATTRIBUTE, (attribute) => attribute.replace(standIn, (_whole, index: string) => escape(tokenUrlValue(valueOf(index)))))
    .replace(standIn, (_whole, index: string) => escape(valueOf(index)));
}

export interface TokenPerson {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string | null;
}

export interface TokenTicket {
  ticket_id: number;
  title: string;
}

export interface TokenSource {
  contact: TokenPerson;
  company?: { company_id: number; name: string } | null;
  tickets?: readonly TokenTicket[];
}

/** One line naming each ticket: "#12 Fix the header; #15 New page". */
export function ticketListText(tickets: readonly TokenTicket[]): string {
  return tickets.map((ticket) => `#${ticket.ticket_id} ${ticket.title}`).join('; ');
}

/** The values of the kind's tokens for one recipient. */
export function tokenValuesFor(kind: RecipientKind, { contact, company, tickets = [] }: TokenSource): Record<string, string> {
  switch (kind) {
    case 'contacts':
      return { contactFirst: contact.first_name, contactLast: contact.last_name, contactEmail: contact.email };
    case 'clients':
      return {
        companyName: company?.name ?? '',
        companyId: company ? String(company.company_id) : '',
        primaryFirst: contact.first_name,
        primaryLast: contact.last_name,
        primaryEmail: contact.email,
        primaryPhone: contact.phone ?? '',
      };
    case 'agents':
      return { agentFirst: contact.first_name, agentLast: contact.last_name, agentEmail: contact.email };
    case 'tickets':
      return {
        companyName: company?.name ?? '',
        contactFirst: contact.first_name,
        contactLast: contact.last_name,
        ticketList: ticketListText(tickets),
      };
  }
}
