import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { useCompany, useTicket, useTicketMutations } from '@portal/api-client';
import { useSession } from '@portal/session';
import { aCompany, anAgent, aTicketDetail } from './index';
import { apiPath, errorAnswer } from './mock-api/respond';
import { http } from 'msw';
import { renderWithPortal } from './render-with-portal';

function TicketTitle({ id }: { id: number }) {
  const { data, error } = useTicket(id);
  const { update } = useTicketMutations();
  if (error) return <p role="alert">{error.message}</p>;
  return (
    <>
      <h1>{data?.title ?? '…'}</h1>
      <button type="button" onClick={() => void update(id, { status_id: 6 }).catch(() => undefined)}>Cancel</button>
    </>
  );
}

function GoHome() {
  const navigate = useNavigate();
  return <button type="button" onClick={() => navigate('/agents')}>Home</button>;
}

describe('renderWithPortal', () => {
  it('signs the viewer in and answers from the seeded portal', async () => {
    renderWithPortal(<TicketTitle id={12} />, { viewer: anAgent(), api: { tickets: [aTicketDetail()] } });
    expect(useSession.getState().contact?.first_name).toBe('Alan');
    expect(await screen.findByRole('heading', { name: 'Fix the contact form' })).toBeInTheDocument();
  });

  it('records the writes with their bodies and changes the portal', async () => {
    const view = renderWithPortal(<TicketTitle id={12} />, { viewer: anAgent(), api: { tickets: [aTicketDetail()] } });
    await screen.findByRole('heading', { name: 'Fix the contact form' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await waitFor(() => expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { status_id: 6 } }]));
    expect(view.api.db.tickets[0]?.status_id).toBe(6);
  });

  it('lets one route answer an error', async () => {
    renderWithPortal(<TicketTitle id={12} />, { handlers: [http.get(apiPath('/ticket/:id'), () => errorAnswer(404, 'Ticket not found.'))] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ticket not found.');
  });

  it('stops at the given paths with a location marker', async () => {
    renderWithPortal(<GoHome />, { route: '/x', stops: ['/agents'] });
    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/agents$/);
  });

  it('starts each test signed out, with a fresh cache', async () => {
    expect(useSession.getState().isLoggedIn).toBe(false);
    function Name() {
      const { data } = useCompany(4);
      return <p>{data?.name ?? '…'}</p>;
    }
    renderWithPortal(<Name />, { api: { companies: [aCompany({ name: 'Globex' })] } });
    expect(await screen.findByText('Globex')).toBeInTheDocument();
  });
});
