import { act, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import { aNotification, apiPath, createMockApi, errorAnswer, http, recordedRequests, server, type MockApi } from '@portal/testing';
import { ApiClientProvider } from './api-client-context';
import { createApiClient } from './client';
import { useNotificationMutations, useNotifications } from './notifications';

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

function wrap(api: MockApi, children: ReactNode) {
  server.use(...api.handlers);
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ApiClientProvider client={createApiClient({ baseUrl: 'http://localhost/api' })}>{children}</ApiClientProvider>
    </SWRConfig>
  );
}

describe('useNotifications', () => {
  afterEach(() => jest.useRealTimers());

  it('polls the list every second while the page is visible', async () => {
    jest.useFakeTimers();
    const api = createMockApi({ notifications: [aNotification({ contact_id: 7 })] });
    render(wrap(api, <Bell contactId={7} />));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByText(/Ticket 12 was updated/)).toBeTruthy();

    api.db.notifications.push(aNotification({ notification_id: 2, contact_id: 7, note: 'A new note' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1100);
    });

    expect(screen.getByText(/A new note/)).toBeTruthy();
  });

  it('stays silent when loading fails', async () => {
    const api = createMockApi();
    const { container } = render(wrap(api, <Bell contactId={7} />));
    server.use(http.get(apiPath('/contact/:id/notifications'), () => errorAnswer(500, 'Internal error.')));

    await waitFor(() => expect(recordedRequests().length).toBeGreaterThan(0));
    expect(container.textContent).toBe('');
  });

  it('removes a notification and revalidates the list', async () => {
    const api = createMockApi({ notifications: [aNotification({ contact_id: 7 }), aNotification({ notification_id: 2, contact_id: 7, note: 'Second' })] });
    render(wrap(api, <Bell contactId={7} />));
    const button = await screen.findByText('delete 2');

    await act(async () => button.click());

    await waitFor(() => expect(screen.queryByText(/Second/)).toBeNull());
    expect(recordedRequests()).toContainEqual(expect.objectContaining({ method: 'DELETE', url: '/api/notifications/2' }));
    expect(recordedRequests().filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });
});
