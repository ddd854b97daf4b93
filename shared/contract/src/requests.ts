import { z } from 'zod';
import { contact, id } from './entities';

/** Every 4xx/5xx answer: `error` is a human message from the catalogue (never internals). */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const loginRequest = z.object({
  username: z.string(),
  password: z.string(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionAnswer = z.object({
  contact,
  /** The dashboard path for the contact's group: /admins, /agents or /clients. */
  dashboard: z.string(),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const contactUpdate = z
  .object({
    title: z.string().nullable(),
    first_name: z.string().min(1),
    last_name: z.string().min(1),
    email: z.string().email(),
    phone: z.string().nullable(),
    group_id: id,
    password: z.string().min(8),
  })
  .partial();
export type ContactUpdate = z.infer<typeof contactUpdate>;

export const notePrefsUpdate = z.object({
  meta_key: z.literal('note_prefs'),
  /** JSON text of NotePrefs, as the spec sends it. */
  meta_value: z.string(),
});
export type NotePrefsUpdate = z.infer<typeof notePrefsUpdate>;


export const notificationCreate = z.object({
  contact_id: id,
  ticket_id: id.nullable().optional(),
  note: z.string().min(1),
});
export type NotificationCreate = z.infer<typeof notificationCreate>;

export const optionSave = z.object({
  option_name: z.string().min(1),
  option_value: z.unknown(),
});
export type OptionSave = z.infer<typeof optionSave>;

export const idParam = z.object({ id: z.coerce.number().int() });
export const nameParam = z.object({ name: z.string().min(1) });

export const okAnswer = z.object({ ok: z.literal(true) });
export const deletedAnswer = z.object({ deleted: z.number().int() });
