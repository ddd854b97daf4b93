import { aCompany, anAdmin, apiPath, expectPageAsksForItsReads, http, HttpResponse } from '@portal/testing';
import { pageReads } from './page-reads';
import { renderAdmin } from './test-support/render-admin';

const admin = anAdmin();
// The kit's mock API has no webhooks; the Webhooks tab's own test serves them with its state.
const webhooks = [
  http.get(apiPath('/webhooks'), () => HttpResponse.json([])),
  http.get(apiPath('/webhook-settings'), () => HttpResponse.json({ allowed_hosts: '' })),
];

describe('the admin settings page reads', () => {
  it.each(Object.keys(pageReads))('%s: the page asks for each key it lists', async (path) => {
    renderAdmin(path, { viewer: admin, api: { companies: [aCompany()] }, handlers: webhooks });
    await expectPageAsksForItsReads(pageReads, path, admin);
  });
});
