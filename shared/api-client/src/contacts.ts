import useSWR, { useSWRConfig } from 'swr';
import type {
  Contact, ContactUpdate, ListPrefsValue, MetaEntry, NotePrefs, ResetCodeSent, SendActivity, StaffContact, AgentContact, ContactCreate, ContactDeleted,
  AgentPlacementsAnswer, PayRateUpdate,
} from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http, SchemaOf } from './http';

export const contactKey = (contactId: number) => `/contact/${contactId}`;
export const listPrefsKey = (contactId: number) => `/contact/${contactId}/meta/list_prefs`;
export const staffKey = '/contact?group=staff';
export const agentsKey = '/contact?group=agents';
/** Where an agent is named before it is deleted (admins). */
export const agentPlacementsKey = (contactId: number) => `/contact/${contactId}/placements`;

export interface ContactsApi {
  get(contactId: number): Promise<Contact>;
  update(contactId: number, changes: ContactUpdate): Promise<Contact>;
  saveNotePrefs(contactId: number, prefs: NotePrefs): Promise<MetaEntry>;
  /** The saved staff-list preferences; the defaults when none are saved. */
  listPrefs(contactId: number): Promise<ListPrefsValue>;
  saveListPrefs(contactId: number, prefs: ListPrefsValue): Promise<ListPrefsValue>;
  /** Active contacts of groups 1-4 (the assignee dropdown); staff only. */
  staff(): Promise<StaffContact[]>;
  /** Admins: mails the contact a one-day, single-use password-reset link. */
  sendResetCode(contactId: number): Promise<ResetCodeSent>;
  /** Staff: e-mails the contact one activity note of a ticket. */
  sendActivity(contactId: number, body: SendActivity): Promise<void>;
  /** Admins: every active agent with phone and pay rate, by contact id. */
  agents(): Promise<AgentContact[]>;
  /** Admins: a new contact (an agent with group 1-4 and a pay rate); the server mails a set-password link. */
  create(input: ContactCreate): Promise<Contact>;
  /** Admins: deactivates the contact; its open tickets go back to Backlog unassigned. */
  remove(contactId: number): Promise<ContactDeleted>;
  /** Admins: where the agent is default agent or type assignment, and its open tickets. */
  placements(contactId: number): Promise<AgentPlacementsAnswer>;
  /** Admins: a new pay rate, from the first of the current month in `time_zone`. */
  setPayRate(contactId: number, body: PayRateUpdate): Promise<AgentContact>;
}

// Saving note_prefs answers a list whose first item is the saved meta (docs/product/notifications-and-mail.md#notification-preferences); a bare record is accepted too.
const notePrefsAnswer: SchemaOf<MetaEntry | MetaEntry[]> = (c) => c.metaEntry.array().min(1).or(c.metaEntry);

export function createContactsApi(http: Http): ContactsApi {
  return {
    get: (contactId) => http('GET', contactKey(contactId), (c) => c.contact),
    update: (contactId, changes) => http('PUT', contactKey(contactId), (c) => c.contact, { body: changes }),
    saveNotePrefs: async (contactId, prefs) => {
      const answer = await http('PUT', `${contactKey(contactId)}/meta/note_prefs`, notePrefsAnswer, {
        body: { meta_key: 'note_prefs', meta_value: JSON.stringify(prefs) },
      });
      return Array.isArray(answer) ? (answer[0] as MetaEntry) : answer;
    },
    listPrefs: (contactId) => http('GET', listPrefsKey(contactId), (c) => c.listPrefs),
    saveListPrefs: (contactId, prefs) => http('PUT', listPrefsKey(contactId), (c) => c.listPrefs, { body: prefs }),
    staff: () => http('GET', staffKey, (c) => c.staffContact.array()),
    sendResetCode: (contactId) => http('POST', `${contactKey(contactId)}/sendresetcode`, (c) => c.resetCodeSent),
    sendActivity: async (contactId, body) => {
      await http('POST', `${contactKey(contactId)}/sendactivity`, (c) => c.okAnswer, { body });
    },
    agents: () => http('GET', agentsKey, (c) => c.agentContact.array()),
    create: (input) => http('POST', '/contact', (c) => c.contact, { body: input }),
    remove: (contactId) => http('DELETE', contactKey(contactId), (c) => c.contactDeleted),
    placements: (contactId) => http('GET', agentPlacementsKey(contactId), (c) => c.agentPlacements),
    setPayRate: (contactId, body) => http('PUT', `${contactKey(contactId)}/pay_rate`, (c) => c.agentContact, { body }),
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
    sendActivity: (contactId: number, body: SendActivity) => client.contacts.sendActivity(contactId, body),
  };
}

export function useListPrefs(contactId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(contactId ? listPrefsKey(contactId) : null, () => client.contacts.listPrefs(contactId as number), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** Saves optimistically: the new prefs show at once, and a failed save reloads the stored ones and throws. */
export function useListPrefsMutations(contactId: number | null | undefined) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async save(prefs: ListPrefsValue) {
      if (!contactId) return prefs;
      const key = listPrefsKey(contactId);
      await mutate(key, prefs, { revalidate: false });
      try {
        const saved = await client.contacts.saveListPrefs(contactId, prefs);
        await mutate(key, saved, { revalidate: false });
        return saved;
      } catch (error) {
        await mutate(key);
        throw error;
      }
    },
  };
}

/** The assignee dropdown's staff; with `enabled` false nothing is read (a viewer who may not list staff). */
export function useStaff(enabled = true) {
  const client = useApiClient();
  return useSWR(enabled ? staffKey : null, () => client.contacts.staff(), { revalidateOnFocus: false });
}

/** Manage Agents' list (admins). */
export function useAgents() {
  const client = useApiClient();
  return useSWR(agentsKey, () => client.contacts.agents());
}

/** Where the agent is named, read while its delete confirmation is open (`contactId` null: nothing read). */
export function useAgentPlacements(contactId: number | null) {
  const client = useApiClient();
  return useSWR(contactId ? agentPlacementsKey(contactId) : null, () => client.contacts.placements(contactId as number), { revalidateOnFocus: false });
}

/** Adding, re-rating or deleting an agent refreshes the agents' and the staff lists, and every ticket list (deleting unassigns). */
export function useAgentMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = () => Promise.all([mutate(agentsKey), mutate(staffKey)]);
  return {
    async create(input: ContactCreate) {
      const created = await client.contacts.create(input);
      await refresh();
      return created;
    },
    async remove(contactId: number) {
      const answer = await client.contacts.remove(contactId);
      await refresh();
      await mutate((key) => typeof key === 'string' && (key.includes('/tickets') || key.startsWith('/ticket/') || key.startsWith('/company')));
      return answer;
    },
    /** The payroll and the agent's own pay counters change with it. */
    async setPayRate(contactId: number, body: PayRateUpdate) {
      const saved = await client.contacts.setPayRate(contactId, body);
      await refresh();
      await mutate((key) => typeof key === 'string' && (key.startsWith('/time/payroll/') || key.startsWith(`${contactKey(contactId)}/`)));
      return saved;
    },
  };
}
