import useSWR, { useSWRConfig } from 'swr';
import type {
  Contact, ContactUpdate, ListPrefsValue, MetaEntry, NotePrefs, ResetCodeSent, SendActivity, StaffContact, AgentContact, ContactCreate, ContactDeleted,
  AgentPlacementsAnswer, PayRateUpdate,
} from '@portal/contract';
import { contactEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import { ApiError, BAD_RESPONSE_MESSAGE } from './api-error';
import type { Http } from './http';

export const contactKey = (contactId: number) => pathOf(api.contact, { id: contactId });
export const listPrefsKey = (contactId: number) => pathOf(api.listPrefs, { id: contactId });
export const staffKey = pathOf(api.contactList, {}, { group: 'staff' });
export const agentsKey = pathOf(api.contactList, {}, { group: 'agents' });
/** Where an agent is named before it is deleted (admins). */
export const agentPlacementsKey = (contactId: number) => pathOf(api.agentPlacements, { id: contactId });

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

export function createContactsApi(http: Http): ContactsApi {
  return {
    get: (contactId) => http(api.contact, { params: { id: contactId } }),
    update: (contactId, changes) => http(api.updateContact, { params: { id: contactId }, body: changes }),
    // Saving note_prefs answers a list whose first item is the saved meta (docs/product/notifications-and-mail.md#notification-preferences).
    saveNotePrefs: async (contactId, prefs) => {
      const [saved] = await http(api.saveNotePrefs, { params: { id: contactId }, body: { meta_key: 'note_prefs', meta_value: JSON.stringify(prefs) } });
      if (!saved) throw new ApiError(200, BAD_RESPONSE_MESSAGE);
      return saved;
    },
    listPrefs: (contactId) => http(api.listPrefs, { params: { id: contactId } }),
    saveListPrefs: (contactId, prefs) => http(api.saveListPrefs, { params: { id: contactId }, body: prefs }),
    // GET /contact answers the agents' rows or the staff's (contactList): group=staff the staff's, which an agent's row extends.
    staff: () => http(api.contactList, { query: { group: 'staff' } }),
    sendResetCode: (contactId) => http(api.sendResetCode, { params: { id: contactId } }),
    sendActivity: async (contactId, body) => {
      await http(api.sendActivity, { params: { id: contactId }, body });
    },
    // group=agents answers the agents' rows: contactList reads them as such (it tries the agents' rows first).
    agents: async () => (await http(api.contactList, { query: { group: 'agents' } })) as AgentContact[],
    create: (input) => http(api.createContact, { body: input }),
    remove: (contactId) => http(api.deleteContact, { params: { id: contactId } }),
    placements: (contactId) => http(api.agentPlacements, { params: { id: contactId } }),
    setPayRate: (contactId, body) => http(api.setPayRate, { params: { id: contactId }, body }),
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
