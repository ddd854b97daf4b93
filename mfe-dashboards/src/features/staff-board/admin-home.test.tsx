import { screen } from '@testing-library/react';
import { RELEASE_MESSAGES } from '@portal/domain';
import { anAdmin, anAgent } from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';

describe("the admin dashboard's tools", () => {
  it('links the Releases screen beside the stats, for admins', async () => {
    renderRemote('/admins', { viewer: anAdmin() });
    await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 });
    expect(screen.getByRole('link', { name: RELEASE_MESSAGES.title })).toHaveAttribute('href', '/admins/releases');
  });

  it('shows no Releases link to an agent', async () => {
    renderRemote('/agents', { viewer: anAgent() });
    await screen.findByRole('heading', { name: 'Agent Dashboard', level: 1 });
    expect(screen.queryByRole('link', { name: RELEASE_MESSAGES.title })).not.toBeInTheDocument();
  });
});
