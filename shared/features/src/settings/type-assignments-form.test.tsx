import { act, fireEvent, render, screen } from '@testing-library/react';
import { PortalProvider } from '@portal/ui';
import { TypeAssignmentsForm } from './type-assignments-form';

// The ticket-type -> agent map (docs/product/companies-and-contacts.md#default-agent-and-type-assignments).

const types = [{ id: 1, name: 'Question' }, { id: 2, name: 'Bug Report' }];
const agents = [
  { contact_id: 8, first_name: 'Alan', last_name: 'Agent' },
  { contact_id: 9, first_name: 'Sam', last_name: 'Support' },
];

function show(onSave: (value: Record<string, number>) => Promise<unknown>) {
  render(
    <PortalProvider>
      <TypeAssignmentsForm types={types} agents={agents} value={{ question: 8 }} onSave={onSave} fallbackLabel="Global assignment" />
    </PortalProvider>,
  );
}

it('shows the saved map and saves the changed one, then says so', async () => {
  const onSave = jest.fn(async () => undefined);
  show(onSave);
  expect(screen.getByRole('combobox', { name: 'Question' })).toHaveValue('8');
  expect(screen.getByRole('combobox', { name: 'Bug Report' })).toHaveValue('');
  fireEvent.change(screen.getByRole('combobox', { name: 'Question' }), { target: { value: '' } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Bug Report' }), { target: { value: '9' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Assignments' })));

  expect(onSave).toHaveBeenCalledWith({ bug_report: 9 });
  expect(screen.getByRole('status')).toHaveTextContent('Assignments saved.');
  fireEvent.change(screen.getByRole('combobox', { name: 'Question' }), { target: { value: '8' } });
  expect(screen.queryByRole('status')).toBeNull();
});

it('keeps the choices and shows the failure when the save fails', async () => {
  show(async () => {
    throw new Error('The server could not be reached. Please check your connection and try again.');
  });
  fireEvent.change(screen.getByRole('combobox', { name: 'Bug Report' }), { target: { value: '9' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Assignments' })));

  expect(screen.getByRole('alert')).toHaveTextContent('The server could not be reached.');
  expect(screen.getByRole('combobox', { name: 'Bug Report' })).toHaveValue('9');
  expect(screen.queryByRole('status')).toBeNull();
});
