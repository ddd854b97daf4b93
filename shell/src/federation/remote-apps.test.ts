import { remoteAppList } from '@portal/contract/remotes-schemas';
import { REMOTE_APPS } from './remote-apps';

test('the remotes list the shell routes by passes its schema (the shell does not check it at run time)', () => {
  expect(remoteAppList.safeParse(REMOTE_APPS).success).toBe(true);
  expect(REMOTE_APPS.map((remote) => remote.name)).toEqual(expect.arrayContaining(['auth', 'tickets', 'dashboards', 'companies', 'admin', 'billing']));
});
