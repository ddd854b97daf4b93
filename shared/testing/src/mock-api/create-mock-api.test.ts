import { createApiClient } from '@portal/api-client';
import { aTicketDetail, anActivity } from '../index';
import { createMockApi } from './create-mock-api';
import { apiPath, errorAnswer } from './respond';
import { recordedWrites, server } from './server';
import { http } from 'msw';

const client = () => createApiClient({ baseUrl: 'http://localhost/api' });

describe('createMockApi', () => {
  it('answers a seeded ticket and records a write with its body', async () => {
    const api = createMockApi({ tickets: [aTicketDetail()], activity: [anActivity()] });
    server.use(...api.handlers);
    await expect(client().tickets.get(12)).resolves.toMatchObject({ ticket_id: 12, title: 'Fix the contact form' });
    await client().tickets.update(12, { status_id: 6 });
    expect(recordedWrites()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { status_id: 6 } }]);
    expect(api.db.tickets[0]?.status_id).toBe(6);
  });

  it('lets a test override one route with an error', async () => {
    server.use(...createMockApi({ tickets: [aTicketDetail()] }).handlers);
    server.use(http.put(apiPath('/ticket/:id'), () => errorAnswer(403, 'No.')));
    await expect(client().tickets.update(12, { status_id: 6 })).rejects.toMatchObject({ status: 403, message: 'No.' });
  });
});
