import { HttpResponse } from 'msw';
import { activity } from '@portal/contract';
import { mailInEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, heldMailNoteText, heldMailNoteVisibility } from '@portal/domain';
import type { PortalData } from './portal-data';
import { answer, idParam, mock, nextId, notFound, nowIso, readBody } from './respond';

/** Mail in (admins): the status and counts, the held list, attach (a note by the support team, by e-mail), drop, the original. */
export function mailInHandlers(db: PortalData) {
  const decide = (mailInId: number, outcome: 'attached' | 'dropped') => {
    db.mailIn.held = db.mailIn.held.filter((m) => m.mail_in_id !== mailInId);
    const { counts } = db.mailIn.status;
    db.mailIn.status = { ...db.mailIn.status, counts: { ...counts, [outcome]: counts[outcome] + 1 } };
  };

  return [
    mock(api.mailInStatus, () => {
      const { status } = db.mailIn;
      return answer(api.mailInStatus, { ...status, counts: { ...status.counts, held: db.mailIn.held.length } });
    }),
    mock(api.heldMail, () => answer(api.heldMail, db.mailIn.held)),
    mock(api.attachHeldMail, async ({ request, params }) => {
      const read = await readBody(request, api.attachHeldMail);
      if (!read.ok) return read.answer;
      const held = db.mailIn.held.find((m) => m.mail_in_id === idParam(params));
      if (!held) return notFound();
      const ticketId = read.body.ticket_id;
      if (!db.tickets.some((t) => t.ticket_id === ticketId)) return notFound(MESSAGES.ticketNotFound);
      const note = activity.parse({
        activity_id: nextId(db.activity, (a) => a.activity_id), ticket_id: ticketId, contact_id: null, contact_name: null,
        note: heldMailNoteText({ name: held.from_name, address: held.from_address }, held.text), date_created: nowIso(), source: 'mail',
        internal: read.body.internal ?? heldMailNoteVisibility(held.reason) === 'internal',
      });
      db.activity = [note, ...db.activity];
      decide(held.mail_in_id, 'attached');
      return answer(api.attachHeldMail, { ticket_id: ticketId, activity_id: note.activity_id });
    }),
    mock(api.dropHeldMail, ({ params }) => {
      const held = db.mailIn.held.find((m) => m.mail_in_id === idParam(params));
      if (!held) return notFound();
      decide(held.mail_in_id, 'dropped');
      return answer(api.dropHeldMail, { ok: true });
    }),
    mock(api.heldMailRaw, ({ params }) => {
      const mailInId = idParam(params);
      const raw = db.mailIn.raw[mailInId];
      if (raw === undefined) return notFound();
      return new HttpResponse(raw, {
        headers: { 'content-type': 'message/rfc822', 'content-disposition': `attachment; filename="mail-${mailInId}.eml"` },
      });
    }),
  ];
}
