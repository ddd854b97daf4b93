import { createApiClient } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { aClient, anAdmin } from '../factories/people';
import { createMockApi } from './create-mock-api';
import { server } from './server';

const client = () => createApiClient({ baseUrl: 'http://localhost/api' });

// A person's language and the agency's language and currency, as the API answers them (docs/product/languages.md).
describe('the mock API languages', () => {
  it('answers the option `locale` as English and US dollars until one is saved, then as saved, in the public settings and session too', async () => {
    const api = createMockApi({ session: aClient() });
    server.use(...api.handlers);
    await expect(client().options.get('locale')).resolves.toEqual({ option_name: 'locale', option_value: { language: 'en', currency: 'USD' } });
    await expect(client().settings.public()).resolves.toMatchObject({ language: 'en', currency: 'USD' });
    await expect(client().auth.me()).resolves.toMatchObject({ locale: { language: 'en', currency: 'USD' } });

    await client().options.save({ option_name: 'locale', option_value: { language: 'de', currency: 'EUR' } });
    await expect(client().options.get('locale')).resolves.toMatchObject({ option_value: { language: 'de', currency: 'EUR' } });
    await expect(client().settings.public()).resolves.toMatchObject({ language: 'de', currency: 'EUR' });
    await expect(client().auth.me()).resolves.toMatchObject({ locale: { language: 'de', currency: 'EUR' } });
  });

  it("lets a contact change their own language, which their session answer then speaks, and refuses someone else's", async () => {
    const me = aClient();
    const api = createMockApi({ session: me });
    server.use(...api.handlers);
    await expect(client().contacts.update(me.contact_id, { language: 'de' })).resolves.toMatchObject({ language: 'de' });
    await expect(client().auth.me()).resolves.toMatchObject({ contact: { language: 'de' }, locale: { language: 'de', currency: 'USD' } });
    await expect(client().contacts.update(anAdmin().contact_id, { language: 'de' })).rejects.toMatchObject({ status: 403, message: MESSAGES.notAuthorized });
    expect(api.db.contacts.find((c) => c.contact_id === anAdmin().contact_id)).not.toHaveProperty('language');
  });
});
