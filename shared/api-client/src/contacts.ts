import useSWR, { useSWRConfig } from 'swr';
import {
  contact, metaEntry, resetCodeSent, type Contact, type ContactUpdate, type MetaEntry, type NotePrefs, type ResetCodeSent,
} from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const contactKey = (contactId: number) => `/contact/${contactId}`;

export interface ContactsApi {
  get(contactId: number): Promise<Contact>;
  update(contactId: number, changes: ContactUpdate): Promise<Contact>;
  saveNotePrefs(contactId: number, prefs: NotePrefs): Promise<MetaEntry>;
  /** Admins: mails the contact a one-day, single-use password-reset link. */
  sendResetCode(contactId: number): Promise<ResetCodeSent>;
}

// The spec answers note_prefs with a list whose first item is the saved meta; a bare record is accepted too.
const notePrefsAnswer = metaEntry.array().min(1).or(metaEntry);

export function createContactsApi(http: Http): ContactsApi {
  return {
    get: (contactId) => http('GET', contactKey(contactId), contact),
    update: (contactId, changes) => http('PUT', contactKey(contactId), contact, { body: changes }),
    saveNotePrefs: async (contactId, prefs) => {
      const answer = await http('PUT', `${contactKey(contactId)}/meta/note_prefs`, notePrefsAnswer, {
        body: { meta_key: 'note_prefs', meta_value: JSON.stringify(prefs) },
      });
      return Array.isArray(answer) ? (answer[0] as MetaEntry) : answer;
    },
    sendResetCode: (contactId) => http('POST', `${contactKey(contactId)}/sendresetcode`, resetCodeSent),
  };
}

export function useContact(contactId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(contactId ? contactKey(contactId) : null, () => client.contacts.get(contactId as number));
}

/** Mutations that refresh the contact they change. */
export function useContactMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async update(contactId: number, changes: ContactUpdate) {
      const saved = await client.contacts.update(contactId, changes);
      await mutate(contactKey(contactId), saved, { revalidate: false });
      return saved;
    },
    async saveNotePrefs(contactId: number, prefs: NotePrefs) {
      const saved = await client.contacts.saveNotePrefs(contactId, prefs);
      await mutate(contactKey(contactId));
      return saved;
    },
    sendResetCode: (contactId: number) => client.contacts.sendResetCode(contactId),
  };
}
