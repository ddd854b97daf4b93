import type { EndpointTable } from './endpoint';

/** The server settings the public screens show, read at run time (remotes are built once): public. */
export const settingsEndpoints = {
  publicSettings: { method: 'GET', path: '/settings/public', answer: 'publicSettings' },
} as const satisfies EndpointTable;
