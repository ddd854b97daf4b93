import { screen } from '@testing-library/react';
import { useLiveStatus, useLiveUpdates } from '@portal/api-client';
import { anAgent } from '../factories/people';
import { renderWithPortal } from '../render-with-portal';
import { createFakeLiveStream } from './live-stream';

function LiveFlag({ contactId }: { contactId: number }) {
  useLiveUpdates(contactId);
  return <p>{useLiveStatus() ? 'live' : 'polling'}</p>;
}

describe('the fake live stream', () => {
  it('is what the rendered client opens, and plays ready, a drop and a refusal', () => {
    const live = createFakeLiveStream();
    const view = renderWithPortal(<LiveFlag contactId={8} />, { viewer: anAgent(), live });
    expect(view.live).toBe(live);
    expect(live.open()).toHaveLength(1);
    expect(live.open()[0]).toMatchObject({ withCredentials: true, readyState: 0 });

    live.ready();
    expect(screen.getByText('live')).toBeInTheDocument();
    expect(live.open()[0]?.readyState).toBe(1);

    live.error();
    expect(screen.getByText('polling')).toBeInTheDocument();
    expect(live.open()).toHaveLength(1);

    live.error({ closed: true });
    expect(live.open()).toHaveLength(0);
    expect(() => live.ready()).toThrow('No live stream is open.');
  });
});
