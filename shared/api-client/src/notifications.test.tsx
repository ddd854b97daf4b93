import { act, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { ApiClientProvider } from './api-client-context';
import { createApiClient } from './client';
import { useNotificationMutations, useNotifications } from './notifications';
import { aNotification, fakeFetch } from './test-fixtures';

function Bell({ contactId }: { contactId: number }) {
  const { notifications } = useNotifications(contactId);
  const { remove } = useNotificationMutations(contactId);
  return (
    <ul>
      {notifications.map((n) => (
        <li key={n.notification_id}>
          {n.note} <button onClick={() => void remove(n.notification_id)}>delete {n.notification_id}</button>
        </li>
      ))}
    </ul>
  );
}

function wrap(fetchImpl: typeof globalThis.fetch, children: ReactNode) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ApiClientProvider client={createApiClient({ fetch: fetchImpl })}>{children}</ApiClientProvider>
    </SWRConfig>
  );
}

describe('useNotifications', () => {
  afterEach(() => jest.useRealTimers());

  it('polls the list every second while the page is visible', async () => {
    jest.useFakeTimers();
    let notes = [aNotification()];
    const fake = fakeFetch(() => ({ status: 200, body: notes }));
    render(wrap(fake.fetch, <Bell contactId={7} />));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText(/Ticket 12 was updated/)).toBeTruthy();

    notes = [...notes, aNotification({ notification_id: 2, note: 'A new note' })];
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1100);
    });

    expect(screen.getByText(/A new note/)).toBeTruthy();
  });

  it('stays silent when loading fails', async () => {
    const fake = fakeFetch(() => ({ status: 500, body: { statusCode: 500, error: 'Internal error.' } }));
    const { container } = render(wrap(fake.fetch, <Bell contactId={7} />));

    await waitFor(() => expect(fake.calls.length).toBeGreaterThan(0));
    expect(container.textContent).toBe('');
  });

  it('removes a notification and revalidates the list', async () => {
    let notes = [aNotification(), aNotification({ notification_id: 2, note: 'Second' })];
    const fake = fakeFetch(({ method, url }) => {
      if (method === 'DELETE' && url === '/api/notifications/2') {
        notes = notes.filter((n) => n.notification_id !== 2);
        return { status: 200, body: { deleted: 1 } };
      }
      return { status: 200, body: notes };
    });
    render(wrap(fake.fetch, <Bell contactId={7} />));
    const button = await screen.findByText('delete 2');

    await act(async () => button.click());

    await waitFor(() => expect(screen.queryByText(/Second/)).toBeNull());
    expect(fake.calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });
});
