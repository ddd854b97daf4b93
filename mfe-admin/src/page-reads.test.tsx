import { aCompany, anAdmin, expectPageAsksForItsReads } from '@portal/testing';
import { pageReads } from './page-reads';
import { renderAdmin } from './test-support/render-admin';

const admin = anAdmin();

describe('the admin settings page reads', () => {
  it.each(Object.keys(pageReads))('%s: the page asks for each key it lists', async (path) => {
    renderAdmin(path, { viewer: admin, api: { companies: [aCompany()] } });
    await expectPageAsksForItsReads(pageReads, path, admin);
  });
});
