import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aCompany, anAgent, createMockApi } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

// Admin Settings, Response times (docs/product/response-times.md).

function openTab() {
  const api = createMockApi();
  return { ...renderAdmin('/admins/settings/response-times', { api }), api };
}

const form = () => screen.findByRole('form', { name: 'Response times settings' });
const typeInto = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save response times' })));

describe('response times in Admin Settings', () => {
  it('is its own tab showing the hours until saved: Monday to Friday, 9 to 5, UTC, no targets', async () => {
    openTab();
    expect(screen.getByRole('link', { name: 'Response times' })).toHaveAttribute('aria-current', 'page');
    await form();
    expect(screen.getByRole('textbox', { name: 'Time zone' })).toHaveValue('UTC');
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    expect(screen.getByLabelText('Monday opens')).toHaveValue('09:00');
    expect(screen.getByRole('textbox', { name: 'Urgent: first response in minutes' })).toHaveValue('');
  });

  it('saves the zone, the days, the holidays and the targets per priority', async () => {
    const { api, writes } = openTab();
    await form();
    typeInto('Time zone', 'Europe/Berlin');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Friday' }));
    fireEvent.change(screen.getByLabelText('Monday closes'), { target: { value: '18:00' } });
    typeInto('Holidays', '2026-12-25\n2026-12-26');
    typeInto('Urgent: first response in minutes', '60');
    expect(screen.getByText('= 1 h')).toBeInTheDocument();
    typeInto('Urgent: resolution in minutes', '480');
    typeInto('Low: resolution in minutes', '2400');
    await save();

    expect(await screen.findByRole('status')).toHaveTextContent('Response times saved.');
    const body = {
      time_zone: 'Europe/Berlin',
      days: [{ day: 1, open: '09:00', close: '18:00' }, ...[2, 3, 4].map((day) => ({ day, open: '09:00', close: '17:00' }))],
      holidays: ['2026-12-25', '2026-12-26'],
      targets: [
        { priority_id: 1, first_response_minutes: 60, resolution_minutes: 480 },
        { priority_id: 4, first_response_minutes: null, resolution_minutes: 2400 },
      ],
    };
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/sla/settings', body }]);
    expect(api.db.slaSettings).toMatchObject(body);
    // A whole week of hours and a target table re-render on each change: slow on a busy runner.
  }, 15_000);

  it('says what to fix and sends nothing', async () => {
    const { writes } = openTab();
    await form();
    fireEvent.change(screen.getByLabelText('Tuesday closes'), { target: { value: '08:00' } });
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.slaHoursInvalid);

    fireEvent.change(screen.getByLabelText('Tuesday closes'), { target: { value: '17:00' } });
    typeInto('High: first response in minutes', 'soon');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.slaTargetInvalid);

    typeInto('High: first response in minutes', '30');
    typeInto('Time zone', 'Mars/Olympus');
    await save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.slaTimeZoneUnknown));
    expect(writes()).toEqual([]);
  }, 15_000);

  it("sets a company's own targets, and puts the company back on the defaults", async () => {
    const { api, writes } = openTab();
    await form();
    const acme = aCompany().company_id;
    fireEvent.change(screen.getByRole('combobox', { name: 'Company' }), { target: { value: String(acme) } });
    const own = await screen.findByRole('table', { name: "The company's targets" });
    expect(screen.getByText('Follows the default targets.')).toBeInTheDocument();
    fireEvent.change(within(own).getByRole('textbox', { name: 'High: resolution in minutes' }), { target: { value: '960' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save company targets' })));

    expect(await screen.findByRole('status')).toHaveTextContent('The company’s own targets are saved.');
    const targets = [{ priority_id: 2, first_response_minutes: null, resolution_minutes: 960 }];
    expect(api.db.companySlaTargets[acme]).toEqual(targets);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Follow the default targets' })));
    await waitFor(() => expect(api.db.companySlaTargets[acme]).toBeUndefined());
    expect(writes()).toEqual([
      { method: 'PUT', url: `/api/company/${acme}/sla-targets`, body: { targets } },
      { method: 'PUT', url: `/api/company/${acme}/sla-targets`, body: { targets: null } },
    ]);
  });

  it('is refused to anyone but an admin', async () => {
    renderAdmin('/admins/settings/response-times', { viewer: anAgent() });
    expect(screen.queryByRole('form', { name: 'Response times settings' })).toBeNull();
  });
});
