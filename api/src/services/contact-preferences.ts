import type { MetaEntry } from '@portal/contract';
import { NOTE_PREFS_META_KEY, parseNotePrefs, serializeNotePrefs, type ListPrefs, type NotePrefs } from '@portal/domain';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactRow } from '../repositories/contact-repository';
import { auditedChange, contactTarget, recorded, type AuditActor } from './audit';
import { notePrefsChanged } from './digests';
import type { ServiceContext, Written } from './service-context';

// A contact's own preferences, kept as contact meta: which notification mails it gets
// (docs/product/notifications-and-mail.md#notification-preferences) and how its ticket list reads
// (docs/product/dashboards.md#list-preferences).

export const LIST_PREFS_META_KEY = 'list_prefs';

/**
 * PUT /contact/:id/meta/note_prefs: the preferences with the trail's entry in one transaction;
 * then a digest kind switched on starts from here (only notifications from now on are mailed).
 */
export async function saveNotePrefs(ctx: ServiceContext, actor: AuditActor, person: ContactRow, prefs: NotePrefs): Promise<Written<MetaEntry>> {
  const { repos } = ctx;
  const contactId = person.contact_id;
  const value = serializeNotePrefs(prefs);
  const { saved, before } = await ctx.db.transaction().execute(async (trx) => {
    const was = await repos.contacts.metaValue(contactId, NOTE_PREFS_META_KEY, trx);
    const entry = await repos.contacts.upsertMeta(trx, contactId, NOTE_PREFS_META_KEY, value);
    await writeAudit(trx, recorded(
      auditedChange(actor, 'contact.updated', contactTarget(person), { [NOTE_PREFS_META_KEY]: was }, { [NOTE_PREFS_META_KEY]: value }),
    ), ctx.clock());
    return { saved: entry, before: parseNotePrefs(was) };
  });
  await notePrefsChanged(ctx, contactId, before, prefs, ctx.clock());
  return { result: saved, changes: [] };
}

/** PUT /contact/:id/meta/list_prefs: the preferences as parseListPrefs kept them, one write. */
export async function saveListPrefs(ctx: ServiceContext, contactId: number, prefs: ListPrefs): Promise<ListPrefs> {
  await ctx.repos.contacts.upsertMeta(ctx.db, contactId, LIST_PREFS_META_KEY, JSON.stringify(prefs));
  return prefs;
}
