import { REMOTES_MAP_BLOCK_ID as WRITTEN_BY_THE_SERVER } from '@portal/contract/remotes';
import { REMOTES_MAP_BLOCK_ID } from './remotes-map-request';

test('the shell looks for the remotes map under the id the server writes it with', () => {
  expect(REMOTES_MAP_BLOCK_ID).toBe(WRITTEN_BY_THE_SERVER);
});
