import type { DigestKind } from './digest-schedule';
import type { NotePrefs } from './note-prefs';

// Mail people can stop (docs/product/notifications-and-mail.md#unsubscribe): which mail carries an
// unsubscribe link, and which preference that link turns off. Only mail a contact switched on gets
// one: the hourly, daily and weekly digests of the notifications (note_prefs sendHourly, sendDaily,
// sendWeekly). Mail a person sent by hand, mail about the reader's own request (welcome, reset,
// set password, acknowledgements, invoices) and mail to staff about their work has none.

/** The kinds of mail an unsubscribe link names. */
export type UnsubscribeKind = DigestKind;

export const UNSUBSCRIBE_KINDS: readonly UnsubscribeKind[] = ['hourly', 'daily', 'weekly'];

/** The note_prefs switch of each kind. */
export const UNSUBSCRIBE_PREF: Readonly<Record<UnsubscribeKind, keyof NotePrefs>> = { hourly: 'sendHourly', daily: 'sendDaily', weekly: 'sendWeekly' };

export function isUnsubscribeKind(value: unknown): value is UnsubscribeKind {
  return typeof value === 'string' && (UNSUBSCRIBE_KINDS as readonly string[]).includes(value);
}

/** The preferences with `kinds` switched off, the others as they were. */
export function notePrefsWithout(prefs: NotePrefs, kinds: readonly UnsubscribeKind[]): NotePrefs {
  const next = { ...prefs };
  for (const kind of kinds) next[UNSUBSCRIBE_PREF[kind]] = false;
  return next;
}

/** Why the reader gets a mail of this kind, for its footer. */
export function unsubscribeReason(kind: UnsubscribeKind): string {
  return `You get this e-mail because you switched on "Send ${kind}" under "E-mail me my notifications".`;
}
