import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, errorMessage } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { PortalProvider } from './portal-provider';
import { useConfirmedDelete, type ConfirmedDeleteOptions } from './use-confirmed-delete';

interface Note {
  id: number;
  name: string;
}

function Notes({ remove, options }: { remove(note: Note): Promise<unknown>; options?: ConfirmedDeleteOptions }) {
  const deletion = useConfirmedDelete(remove, options);
  return (
    <>
      <ErrorAlert message={deletion.error} />
      <button type="button" onClick={() => deletion.ask({ id: 7, name: 'First note' })}>Delete First note</button>
      <ConfirmDialog {...deletion.dialog} message={`Remove ${deletion.pending?.name ?? ''}?`} />
    </>
  );
}

const show = (remove: (note: Note) => Promise<unknown>, options?: ConfirmedDeleteOptions) =>
  render(<PortalProvider><Notes remove={remove} options={options} /></PortalProvider>);

async function confirmDelete() {
  fireEvent.click(screen.getByRole('button', { name: 'Delete First note' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Remove First note?');
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
}

describe('useConfirmedDelete', () => {
  it('deletes nothing until the user confirms, and nothing when they cancel', async () => {
    const remove = jest.fn(async () => undefined);
    show(remove);
    fireEvent.click(screen.getByRole('button', { name: 'Delete First note' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes the item asked about after the confirmation, busy meanwhile, then closes', async () => {
    let finish: () => void = () => undefined;
    const remove = jest.fn(() => new Promise<void>((resolve) => { finish = resolve; }));
    const onDeleted = jest.fn();
    show(remove, { onDeleted });
    await confirmDelete();
    expect(remove).toHaveBeenCalledWith({ id: 7, name: 'First note' });
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(onDeleted).not.toHaveBeenCalled();
    await act(async () => finish());
    expect(onDeleted).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("keeps the server's message for the user when the delete fails, and clears it on the next attempt", async () => {
    const remove = jest.fn().mockRejectedValueOnce(new ApiError(404, 'Note not found.')).mockResolvedValueOnce(undefined);
    const onError = jest.fn();
    const onDeleted = jest.fn();
    show(remove, { onError, onDeleted });
    await confirmDelete();
    expect(screen.getByRole('alert')).toHaveTextContent('Note not found.');
    expect(onError.mock.calls).toEqual([[null], ['Note not found.']]);
    expect(onDeleted).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    await confirmDelete();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onError).toHaveBeenLastCalledWith(null);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('shows the given failure text instead, and never a bug as it is', async () => {
    show(jest.fn().mockRejectedValue(new ApiError(500, 'Something broke.')), { failureMessage: MESSAGES.deleteCompanyFailed });
    await confirmDelete();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.deleteCompanyFailed);
  });

  it('makes the text from the failure when asked to', async () => {
    show(jest.fn().mockRejectedValue(new TypeError('x is undefined')), { failureMessage: (failure) => errorMessage(failure, 'The note was not deleted.') });
    await confirmDelete();
    expect(screen.getByRole('alert')).toHaveTextContent('The note was not deleted.');
  });

  it("shows the catalogue's generic message for a failure that is not the API's", async () => {
    show(jest.fn().mockRejectedValue(new TypeError('x is undefined')));
    await confirmDelete();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.unexpectedError);
  });
});
