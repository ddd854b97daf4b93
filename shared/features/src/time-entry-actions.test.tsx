import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, type Viewer } from '@portal/domain';
import { anAgent, aTimeEntry, renderWithPortal } from '@portal/testing';
import { TimeEntryActions } from './time-entry-actions';

// A time entry's Edit and Log correction forms (docs/product/time-and-billing.md#correcting-time):
// checked as the API checks them, with the spec's messages, before anything is sent.

const agent = anAgent();
const viewer: Viewer = { contactId: agent.contact_id, groupId: agent.group_id, companyIds: [], primaryCompanyIds: [] };
const timeZone = 'America/New_York';

function show(entry = aTimeEntry({ contact_id: agent.contact_id })) {
  return renderWithPortal(<TimeEntryActions entry={entry} viewer={viewer} timeZone={timeZone} />, {
    viewer: agent,
    api: { timeEntries: [entry] },
  });
}

async function editForm() {
  fireEvent.click(screen.getByRole('button', { name: /^Edit time entry/ }));
  return within(await screen.findByRole('form', { name: 'Edit time entry' }));
}

it('keeps the message of a failed check until the next Save, sending nothing', async () => {
  const view = show();
  const form = await editForm();
  fireEvent.change(form.getByRole('textbox', { name: 'Work Description' }), { target: { value: '  ' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Time' })));

  expect(form.getByRole('alert')).toHaveTextContent(MESSAGES.invalidTimeEntry);
  fireEvent.change(form.getByRole('textbox', { name: 'Work Description' }), { target: { value: 'Fixed the mailer' } });
  expect(form.getByRole('alert')).toHaveTextContent(MESSAGES.invalidTimeEntry);
  expect(view.writes()).toEqual([]);

  fireEvent.change(form.getByLabelText('Date'), { target: { value: '2999-01-01' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Time' })));
  expect(form.getByRole('alert')).toHaveTextContent(MESSAGES.timeEntryDateInvalid);
  expect(view.writes()).toEqual([]);
});

it('sends the edit in units with the day, and closes', async () => {
  const view = show();
  const form = await editForm();
  fireEvent.change(form.getByRole('combobox', { name: 'Hours' }), { target: { value: '1' } });
  fireEvent.change(form.getByRole('combobox', { name: 'Minutes' }), { target: { value: '0' } });
  fireEvent.change(form.getByLabelText('Date'), { target: { value: '2026-11-17' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Time' })));

  expect(view.writes()).toEqual([{
    method: 'PUT', url: '/api/time/1', body: { time: 10, description: 'Looked into it', date: '2026-11-17', time_zone: timeZone },
  }]);
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit time entry' })).toBeNull());
});

it('opens a fresh form each time: what was typed and its message are gone after Cancel', async () => {
  show();
  let form = await editForm();
  fireEvent.change(form.getByRole('textbox', { name: 'Work Description' }), { target: { value: '' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Time' })));
  expect(form.getByRole('alert')).toBeInTheDocument();
  fireEvent.click(form.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit time entry' })).toBeNull());

  form = await editForm();
  expect(form.getByRole('textbox', { name: 'Work Description' })).toHaveValue('Looked into it');
  expect(form.queryByRole('alert')).toBeNull();
});

it("offers no day after today on the user's clock: the date picker's maximum is today in their zone", async () => {
  // 03:00 UTC on 20 November is still the 19th in New York: the 20th would be refused as a future day.
  jest.useFakeTimers({
    now: new Date('2026-11-20T03:00:00.000Z'),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame',
      'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
  try {
    show(aTimeEntry({ contact_id: agent.contact_id, date: '2026-11-18T15:00:00.000Z' }));
    const form = await editForm();
    expect(form.getByLabelText('Date')).toHaveAttribute('type', 'date');
    expect(form.getByLabelText('Date')).toHaveAttribute('max', '2026-11-19');
  } finally {
    jest.useRealTimers();
  }
});
