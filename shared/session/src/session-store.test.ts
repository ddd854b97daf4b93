import type { Contact } from '@portal/contract';
import { SESSION_STORAGE_KEY, useSession, viewerOf } from './session-store';

const client: Contact = {
  contact_id: 31,
  title: null,
  first_name: 'Cora',
  last_name: 'Client',
  email: 'client@demo.test',
  phone: null,
  group_id: 5,
  company_id: 4,
  companies: [
    { company_id: 4, name: 'Acme, LLC', title: null, primary: 1 },
    { company_id: 9, name: 'Beta', title: null, primary: 0 },
  ],
  meta: [],
};

describe('session store', () => {
  beforeEach(() => {
    useSession.getState().signOut();
    localStorage.clear();
  });

  it('signs in and persists the session in localStorage', () => {
    useSession.getState().signIn({ contact: client, dashboard: '/clients' });

    const state = useSession.getState();
    expect(state).toMatchObject({ isLoggedIn: true, dashboard: '/clients' });
    expect(state.contact?.first_name).toBe('Cora');
    expect(state.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const saved = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as { state: { isLoggedIn: boolean } };
    expect(saved.state.isLoggedIn).toBe(true);
  });

  it("takes the browser's time zone at sign-in, and shows UTC while signed out", () => {
    const zone = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Asia/Tokyo' } as Intl.ResolvedDateTimeFormatOptions);
    expect(useSession.getState().timeZone).toBe('UTC');
    useSession.getState().signIn({ contact: client, dashboard: '/clients' });
    expect(useSession.getState().timeZone).toBe('Asia/Tokyo');
    useSession.getState().signOut();
    expect(useSession.getState().timeZone).toBe('UTC');
    zone.mockRestore();
  });

  it('signs out: clears the session, the filters and the stored copy', () => {
    useSession.getState().signIn({ contact: client, dashboard: '/clients' });
    useSession.getState().setFilter('tickets', { status: 2 });
    expect(useSession.getState().filters).toEqual({ tickets: { status: 2 } });

    useSession.getState().signOut();

    expect(useSession.getState()).toMatchObject({ isLoggedIn: false, contact: null, filters: {} });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('restores a saved session on rehydration', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { isLoggedIn: true, contact: client, dashboard: '/clients', timeZone: 'UTC', filters: {} }, version: 0 }),
    );

    await useSession.persist.rehydrate();

    expect(useSession.getState()).toMatchObject({ isLoggedIn: true, dashboard: '/clients', timeZone: 'UTC' });
  });

  it('keeps whether the admins still wait for a second factor, until told otherwise or signed out', () => {
    useSession.getState().signIn({ contact: client, dashboard: '/clients', enrol_required: true });
    expect(useSession.getState().enrolRequired).toBe(true);
    useSession.getState().setEnrolRequired(false);
    expect(useSession.getState().enrolRequired).toBe(false);
    useSession.getState().signIn({ contact: client, dashboard: '/clients', enrol_required: true });
    useSession.getState().signOut();
    expect(useSession.getState().enrolRequired).toBe(false);
  });

  it("speaks the contact's language (else the portal's) and holds the agency currency; a sign-out keeps the language", () => {
    useSession.getState().signIn({ contact: client, dashboard: '/clients', locale: { language: 'de', currency: 'EUR' } });
    expect(useSession.getState()).toMatchObject({ language: 'de', currency: 'EUR' });
    useSession.getState().setContact({ ...client, language: 'en' });
    expect(useSession.getState().language).toBe('en');
    useSession.getState().signIn({ contact: { ...client, language: 'de' }, dashboard: '/clients', locale: { language: 'en', currency: 'USD' } });
    expect(useSession.getState()).toMatchObject({ language: 'de', currency: 'USD' });
    useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ language: 'de', currency: 'USD', isLoggedIn: false });
    useSession.getState().setLanguage('en');
  });

  it("follows a fresh GET /auth/me: the portal's language and currency an admin changed, the contact, the enrolment", () => {
    useSession.getState().signIn({ contact: client, dashboard: '/clients', locale: { language: 'en', currency: 'USD' } });
    useSession.getState().refresh({ contact: { ...client, first_name: 'Casey' }, dashboard: '/clients', enrol_required: true, locale: { language: 'de', currency: 'EUR' } });
    expect(useSession.getState()).toMatchObject({ language: 'de', currency: 'EUR', enrolRequired: true, contact: { first_name: 'Casey' } });
    // A language of their own outranks the portal's.
    useSession.getState().refresh({ contact: { ...client, language: 'en' }, dashboard: '/clients', locale: { language: 'de', currency: 'EUR' } });
    expect(useSession.getState()).toMatchObject({ language: 'en', enrolRequired: false });
    useSession.getState().signOut();
    useSession.getState().setLanguage('en');
  });

  it('keeps the pseudo-locale a test set across sign-in, whatever the contact reads', () => {
    useSession.getState().setLanguage('en-XA');
    useSession.getState().signIn({ contact: { ...client, language: 'de' }, dashboard: '/clients', locale: { language: 'de', currency: 'EUR' } });
    useSession.getState().setContact({ ...client, language: 'de' });
    useSession.getState().refresh({ contact: { ...client, language: 'de' }, dashboard: '/clients', locale: { language: 'de', currency: 'EUR' } });
    expect(useSession.getState().language).toBe('en-XA');
    useSession.getState().setLanguage('en');
  });

  it('describes the viewer for the route guard', () => {
    expect(viewerOf({ isLoggedIn: false, contact: null })).toBeNull();
    expect(viewerOf({ isLoggedIn: true, contact: client })).toEqual({ contactId: 31, groupId: 5, companyIds: [4, 9], primaryCompanyIds: [4] });
    expect(viewerOf({ isLoggedIn: true, contact: { ...client, companies: [], company_id: 2 } })?.companyIds).toEqual([2]);
  });
});
