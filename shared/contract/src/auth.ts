import { z } from 'zod';
import { contact } from './contact';

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
