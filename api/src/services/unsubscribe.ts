import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  NOTE_PREFS_META_KEY, UNSUBSCRIBE_KINDS, isUnsubscribeKind, notePrefsWithout, parseNotePrefs, serializeNotePrefs, type UnsubscribeKind,
} from '@portal/domain';
import type { PortalConfig } from '../config';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactRow } from '../repositories/contact-repository';
import type { Repositories } from '../repositories/repositories';
import { auditedChange, contactTarget, recorded, type AuditActor } from './audit';
import type { ServiceContext } from './service-context';

// Mail people can stop (docs/product/notifications-and-mail.md#unsubscribe). A digest carries a link,
// in its footer and in `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
// (RFC 8058), that turns off that kind of mail in the contact's note_prefs. The token names the contact
// and the kind and is signed (HMAC-SHA256 with a key only the server holds, app_secrets) over them and
// the contact's e-mail: it cannot be guessed or changed to another contact or kind, and stops working
// when the address changes. Only a POST unsubscribes (the one-click POST of a mail program, or the
// button of the page a GET shows): mail scanners open GET links on their own.

const KEY_NAME = 'unsubscribe-link-key';

/** The headers of mail that can be stopped (RFC 2369 and RFC 8058). */
export interface UnsubscribeHeaders extends Record<string, string> {
  'List-Unsubscribe': string;
  'List-Unsubscribe-Post': string;
}

/** A verified link: whose it is and what it stops ('all': a link of a digest sent before links named a kind). */
export interface UnsubscribeTarget {
  contact: ContactRow;
  kinds: readonly UnsubscribeKind[];
  scope: UnsubscribeKind | 'all';
}

async function key(repos: Pick<Repositories, 'appSecrets'>): Promise<string> {
  return repos.appSecrets.getOrCreate(KEY_NAME, randomBytes(32).toString('base64url'));
}

async function signature(repos: Pick<Repositories, 'appSecrets'>, contactId: number, kind: UnsubscribeKind | null, email: string): Promise<string> {
  // Without a kind: the links of digests sent before links named one (every kind at once); still honoured.
  const text = kind === null ? `unsubscribe:${contactId}:${email}` : `unsubscribe:${contactId}:${kind}:${email}`;
  return createHmac('sha256', await key(repos)).update(text).digest('base64url');
}

/** The link that stops `kind` mail to `contact`. */
export async function unsubscribeLink(
  deps: { repos: Pick<Repositories, 'appSecrets'>; config: Pick<PortalConfig, 'publicUrl'> },
  contact: { contact_id: number; email: string },
  kind: UnsubscribeKind,
): Promise<string> {
  const token = `${contact.contact_id}.${kind}.${await signature(deps.repos, contact.contact_id, kind, contact.email)}`;
  return `${deps.config.publicUrl}/api/contact/unsubscribe/${token}`;
}

/** The headers for a mail whose unsubscribe link is `link`. */
export function unsubscribeHeaders(link: string): UnsubscribeHeaders {
  return { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

const TOKEN = /^(\d{1,12})\.(?:(hourly|daily|weekly)\.)?([A-Za-z0-9_-]{43})$/;

/** The contact and kind a token names, when its signature is ours; null for anything else. Reads only. */
export async function readUnsubscribeToken(deps: { repos: Pick<Repositories, 'appSecrets' | 'contacts'> }, token: string): Promise<UnsubscribeTarget | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const kind = match[2] ?? null;
  if (kind !== null && !isUnsubscribeKind(kind)) return null;
  const contact = await deps.repos.contacts.findById(Number(match[1]));
  if (!contact) return null;
  const expected = Buffer.from(await signature(deps.repos, contact.contact_id, kind, contact.email));
  const given = Buffer.from(match[3] ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return kind === null ? { contact, kinds: UNSUBSCRIBE_KINDS, scope: 'all' } : { contact, kinds: [kind], scope: kind };
}

/**
 * Follows a link (the POST): its kinds off in the contact's note_prefs, with the trail's entry, in one
 * transaction; the digests of those kinds forget where they were, as when the contact switches them off.
 * Null for a token that is not one of ours. Following it twice changes nothing the second time.
 */
export async function unsubscribe(ctx: Pick<ServiceContext, 'db' | 'repos' | 'clock'>, actor: Omit<AuditActor, 'actorId'>, token: string): Promise<UnsubscribeTarget | null> {
  const { repos } = ctx;
  const target = await readUnsubscribeToken(ctx, token);
  if (!target) return null;
  const { contact, kinds } = target;
  await ctx.db.transaction().execute(async (trx) => {
    const was = await repos.contacts.metaValue(contact.contact_id, NOTE_PREFS_META_KEY, trx);
    const value = serializeNotePrefs(notePrefsWithout(parseNotePrefs(was), kinds));
    if (was === value) return;
    await repos.contacts.upsertMeta(trx, contact.contact_id, NOTE_PREFS_META_KEY, value);
    await repos.notificationDigests.reset(trx, contact.contact_id, kinds);
    // The contact acts through the link only it was sent.
    await writeAudit(trx, recorded(auditedChange(
      { ...actor, actorId: contact.contact_id }, 'contact.updated', contactTarget(contact), { [NOTE_PREFS_META_KEY]: was }, { [NOTE_PREFS_META_KEY]: value },
    )), ctx.clock());
  });
  return target;
}
