import { MESSAGES } from '@portal/domain';
import { aClient, aCompany, apiPath, createMockApi, errorAnswer, http, recordedRequests, server, type PortalData } from '@portal/testing';
import { createApiClient } from './client';

const BASE = 'http://localhost/api';
const DAY_MS = 24 * 60 * 60 * 1000;

function serve(seed: Partial<PortalData> = {}) {
  const api = createMockApi(seed);
  server.use(...api.handlers);
  return { api, client: createApiClient({ baseUrl: BASE, onUnauthorized: jest.fn() }) };
}

const newContact = { title: 'Owner', first_name: 'Nia', last_name: 'Ng', email: 'nia@newco.test', phone: '555-123-4567' };
const registration = {
  company: { name: 'NewCo', url: 'https://newco.test' },
  contacts: [newContact],
  prefs: { frequency: 'monthly' as const, intensity: ['maintenance'] },
};

describe('auth: registration', () => {
  it('sends the whole wizard in one POST and answers the new company id', async () => {
    const { api, client } = serve();

    const answer = await client.auth.register(registration);

    expect(answer).toEqual({ company_id: expect.any(Number), contacts: 1 });
    expect(recordedRequests()).toEqual([{ method: 'POST', url: '/api/auth/register', body: registration }]);
    expect(api.db.outbox).toEqual([{ to: 'nia@newco.test', kind: 'welcome', code: expect.any(String), verifyCode: expect.any(String) }]);
  });

  it.each([
    ['a taken URL', { companies: [aCompany({ url: 'www.newco.test/' })] }, MESSAGES.companyUrlExists],
    ['a used e-mail', { contacts: [aClient({ email: 'nia@newco.test' })] }, MESSAGES.emailAlreadyUsed],
  ])('refuses %s with 409 and the catalogue message', async (_case, seed, message) => {
    const { client } = serve(seed);
    await expect(client.auth.register(registration)).rejects.toMatchObject({ status: 409, message });
  });
});

describe('auth: forgot and reset', () => {
  it('mails a code, checks it, sets the password once, and a used code is invalid', async () => {
    const { api, client } = serve();

    await client.auth.forgotPassword('  Client@Demo.test ');
    const code = api.db.outbox.at(-1)?.code ?? '';

    await expect(client.auth.resetCodeStatus(code)).resolves.toEqual({ valid: true, first_name: 'Cora' });
    await client.auth.resetPassword({ code, password: 'new-secret', confirm: 'new-secret' });
    await expect(client.auth.resetCodeStatus(code)).rejects.toMatchObject({ status: 400, message: MESSAGES.resetCodeInvalid });
  });

  it('answers 404 with the catalogue message for an unknown e-mail', async () => {
    const { client } = serve();
    await expect(client.auth.forgotPassword('nobody@demo.test')).rejects.toMatchObject({
      status: 404, message: MESSAGES.contactNotFoundTryAgain,
    });
  });

  it('names an expired code and a contact that is gone', async () => {
    const old = new Date(Date.now() - 2 * DAY_MS).toISOString();
    const { client } = serve({
      resetCodes: [
        { code: 'old', contact_id: 31, date_created: old },
        { code: 'gone', contact_id: 999, date_created: new Date().toISOString() },
      ],
    });

    await expect(client.auth.resetCodeStatus('old')).rejects.toMatchObject({ message: MESSAGES.resetCodeExpired });
    await expect(client.auth.resetCodeStatus('gone')).rejects.toMatchObject({ message: MESSAGES.contactNoLongerActive });
  });

  it('escapes the code in the path and never treats a 401 as a lost session', async () => {
    const onUnauthorized = jest.fn();
    server.use(http.get(apiPath('/auth/reset/:code'), () => errorAnswer(401, 'No.')));
    const client = createApiClient({ baseUrl: BASE, onUnauthorized });

    await expect(client.auth.resetCodeStatus('a/b c')).rejects.toMatchObject({ status: 401 });
    expect(recordedRequests()[0]?.url).toBe('/api/auth/reset/a%2Fb%20c');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('auth: e-mail verification', () => {
  it('verifies once', async () => {
    const { api, client } = serve({ verifyCodes: [{ code: 'v1', contact_id: 31, date_created: new Date().toISOString() }] });

    await expect(client.auth.verifyEmail('v1')).resolves.toEqual({ verified: true, first_name: 'Cora' });
    expect(api.db.contacts.find((c) => c.contact_id === 31)?.meta).toContainEqual(expect.objectContaining({ meta_key: 'verified', meta_value: '1' }));
    await expect(client.auth.verifyEmail('v1')).rejects.toMatchObject({ status: 400, message: MESSAGES.verificationCodeInvalid });
  });
});

describe('contacts: sendActivity', () => {
  it('posts the note and its ticket to the contact', async () => {
    const { api, client } = serve();

    await client.contacts.sendActivity(31, { activity: { note: 'Done.', ticket_id: 12 } });

    expect(recordedRequests()).toEqual([
      { method: 'POST', url: '/api/contact/31/sendactivity', body: { activity: { note: 'Done.', ticket_id: 12 } } },
    ]);
    expect(api.db.outbox).toEqual([{ to: 'client@demo.test', kind: 'activity' }]);
  });
});
