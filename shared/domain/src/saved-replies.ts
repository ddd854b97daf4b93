import { isAdmin, isStaff } from './groups';
import type { Viewer } from './policy';

// Saved replies (docs/product/saved-replies.md): staff only. Shared ones (no owner) are the admins' to
// write; a personal one is its owner's alone. Tokens are filled once, here, before the text reaches the editor.

/** A saved reply as the rules read it: whose it is (null: shared with the whole staff). */
export interface SavedReplyOwner {
  owner_id: number | null;
}

export const SAVED_REPLY_TITLE_MAX = 120;
export const SAVED_REPLY_BODY_MAX = 20_000;

/** The list, the picker and inserting: any staff member; a client is refused every saved-reply route. */
export const canUseSavedReplies = (viewer: Viewer): boolean => isStaff(viewer.groupId);

/** A staff member sees the shared ones and their own personal ones, never a colleague's. */
export function canSeeSavedReply(viewer: Viewer, reply: SavedReplyOwner): boolean {
  return canUseSavedReplies(viewer) && (reply.owner_id === null || reply.owner_id === viewer.contactId);
}

/** Writing one (create, edit, delete): an admin for a shared one, the owner for a personal one. */
export function canManageSavedReply(viewer: Viewer, reply: SavedReplyOwner): boolean {
  if (!canUseSavedReplies(viewer)) return false;
  return reply.owner_id === null ? isAdmin(viewer.groupId) : reply.owner_id === viewer.contactId;
}

/** The tokens a saved reply may hold, in the order the editor lists them. */
export const SAVED_REPLY_TOKENS = [
  'client.first_name', 'client.last_name', 'client.name', 'company.name', 'ticket.id', 'ticket.title', 'agent.name', 'agent.first_name',
] as const;
export type SavedReplyToken = (typeof SAVED_REPLY_TOKENS)[number];

export interface SavedReplyPerson {
  first_name: string;
  last_name: string;
}

/** What the tokens are filled from: the ticket, its requester (the client; none on a ticket from mail of an unknown sender) and the signed-in agent. */
export interface SavedReplyContext {
  ticket: { ticket_id: number; title: string; company_name: string };
  client: SavedReplyPerson | null;
  agent: SavedReplyPerson;
}

const fullName = (person: SavedReplyPerson) => `${person.first_name} ${person.last_name}`.trim();

/** Each token's value, as plain text. */
export function savedReplyTokenValues({ ticket, client, agent }: SavedReplyContext): Record<SavedReplyToken, string> {
  return {
    'client.first_name': client?.first_name ?? '',
    'client.last_name': client?.last_name ?? '',
    'client.name': client ? fullName(client) : '',
    'company.name': ticket.company_name,
    'ticket.id': String(ticket.ticket_id),
    'ticket.title': ticket.title,
    'agent.name': fullName(agent),
    'agent.first_name': agent.first_name,
  };
}

/**
 * Plain text that reads as itself inside Markdown: the characters that would start emphasis, code, a link, an
 * HTML tag or a table cell are escaped, a line break becomes a space (a value never opens a block).
 */
export function escapeMarkdownText(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/[\\`*_[\]<>|~]/g, (char) => `\\${char}`).replace(/^([#+-]|\d+\.)(?=\s|$)/, '\\$1');
}

const TOKEN = /\{\{\s*([a-z]+\.[a-z_]+)\s*\}\}/g;

/** `body` with each known `{{token}}` replaced by its Markdown-escaped value; an unknown token is left as written. */
export function fillSavedReply(body: string, values: Readonly<Partial<Record<string, string>>>): string {
  return body.replace(TOKEN, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? whole : escapeMarkdownText(value);
  });
}
