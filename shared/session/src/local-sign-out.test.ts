import type { Contact } from '@portal/contract';
import type { ScopedMutator } from 'swr';
import { signOutLocally } from './local-sign-out';
import { SESSION_STORAGE_KEY, useSession } from './session-store';

const contact: Contact = {
  contact_id: 31, title: null, first_name: 'Cora', last_name: 'Client', email: 'client@demo.test', phone: null,
  group_id: 5, company_id: 4, companies: [], meta: [],
};

describe('signOutLocally', () => {
  it('clears the session store and every key of the SWR cache, without revalidating', async () => {
    useSession.getState().signIn({ contact, dashboard: '/clients' });
    useSession.getState().setFilter('tickets', { status: 2 });
    const mutate = jest.fn(async () => []) as unknown as ScopedMutator & jest.Mock;

    await signOutLocally(mutate);

    expect(useSession.getState()).toMatchObject({ isLoggedIn: false, contact: null, filters: {} });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    const [matcher, data, options] = mutate.mock.calls[0] as [(key: unknown) => boolean, unknown, unknown];
    expect([matcher('/contact/7/notifications'), matcher(['/tickets', 1])]).toEqual([true, true]);
    expect(data).toBeUndefined();
    expect(options).toEqual({ revalidate: false });
  });
});
