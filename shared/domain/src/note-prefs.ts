/** Contact meta note_prefs (docs/product/notifications-and-mail.md#notification-preferences): how notifications are also sent by e-mail. */
export interface NotePrefs {
  sendHourly: boolean;
  sendDaily: boolean;
  sendWeekly: boolean;
}

export const NOTE_PREFS_META_KEY = 'note_prefs';

export const DEFAULT_NOTE_PREFS: Readonly<NotePrefs> = { sendHourly: false, sendDaily: false, sendWeekly: false };

/** Reads stored JSON; anything that is not `true` (bad JSON, missing keys, 'true' strings) is false. */
export function parseNotePrefs(text: unknown): NotePrefs {
  if (typeof text !== 'string') return { ...DEFAULT_NOTE_PREFS };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ...DEFAULT_NOTE_PREFS };
  }
  if (typeof value !== 'object' || value === null) return { ...DEFAULT_NOTE_PREFS };
  const record = value as Record<string, unknown>;
  return {
    sendHourly: record.sendHourly === true,
    sendDaily: record.sendDaily === true,
    sendWeekly: record.sendWeekly === true,
  };
}

export function serializeNotePrefs(prefs: NotePrefs): string {
  return JSON.stringify({ sendHourly: prefs.sendHourly, sendDaily: prefs.sendDaily, sendWeekly: prefs.sendWeekly });
}
