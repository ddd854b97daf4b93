import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@portal/contract';
import { aClient, anAgent, aSavedReply, aTicketDetail, createMockApi } from '@portal/testing';
import { renderRemote } from '../../../test-support/render-remote';
import { NoteEditor } from './note-editor';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { useImperativeHandle, useRef } = jest.requireActual<typeof import('react')>('react');
  /** The editor's stand-in with its insertText: the text goes where the caret is, as in the editor. */
  function EditorWithInsert({ label, value, onChange, editorRef }: import('@portal/ui').MarkdownEditorProps) {
    const area = useRef<HTMLTextAreaElement>(null);
    useImperativeHandle(editorRef, () => ({
      insertText(text: string) {
        const at = area.current ? [area.current.selectionStart, area.current.selectionEnd] : [value.length, value.length];
        onChange(value.slice(0, at[0]) + text + value.slice(at[1]));
        area.current?.focus();
      },
    }));
    return <textarea ref={area} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />;
  }
  return { ...actual, MarkdownEditor: EditorWithInsert };
});

// Saved replies in the note editor (docs/product/saved-replies.md).

const replies = [
  aSavedReply(),
  aSavedReply({ id: 2, title: 'Need access', body: 'Could you send the FTP login for {{ticket.title}}?' }),
  aSavedReply({ id: 3, title: 'My sign-off', body: 'Cheers, {{agent.first_name}}', owner_id: 8 }),
];

function openEditor(viewer: Contact) {
  const api = createMockApi({ tickets: [aTicketDetail()], savedReplies: replies });
  return { ...renderRemote(<NoteEditor ticketId={12} />, { viewer, api }), api };
}

const editor = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'New note' });
/** An option's title: its accessible name (read from its text) starts with it. */
const titleOf = (option: HTMLElement) => replies.find((reply) => option.textContent?.startsWith(reply.title))?.title;

beforeEach(() => sessionStorage.clear());

describe('saved replies in the note editor', () => {
  it('opens by / on an empty line, filters as one types and inserts the filled text at the cursor, counting a use', async () => {
    const { api, writes } = openEditor(anAgent());
    fireEvent.change(editor(), { target: { value: 'Hello,\n' } });
    editor().setSelectionRange(7, 7);

    fireEvent.keyDown(editor(), { key: '/' });
    const dialog = await screen.findByRole('dialog', { name: 'Saved replies' });
    const search = within(dialog).getByRole('combobox', { name: 'Search saved replies' });
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(3));

    fireEvent.change(search, { target: { value: 'ftp' } });
    expect(within(dialog).getAllByRole('option').map(titleOf)).toEqual(['Need access']);
    fireEvent.change(search, { target: { value: 'fixed' } });
    expect(within(dialog).getAllByRole('option').map(titleOf)).toEqual(['Thanks for waiting']);

    await act(async () => fireEvent.keyDown(search, { key: 'Enter' }));

    await waitFor(() => expect(editor()).toHaveValue('Hello,\nHi Cora, ticket #12 is fixed.\n\nAlan Agent'));
    expect(screen.queryByRole('dialog', { name: 'Saved replies' })).toBeNull();
    expect(writes()).toContainEqual({ method: 'POST', url: '/api/saved-replies/1/uses', body: { ticket_id: 12 } });
    expect(api.db.savedReplies.find((reply) => reply.id === 1)?.usage_count).toBe(1);

    fireEvent.change(editor(), { target: { value: `${editor().value} Thanks!` } });
    expect(editor()).toHaveValue('Hello,\nHi Cora, ticket #12 is fixed.\n\nAlan Agent Thanks!');
  });

  it('types / inside a line as usual, opens on Ctrl+/ and on the button it names, and moves through the list with the arrows', async () => {
    openEditor(anAgent());
    fireEvent.change(editor(), { target: { value: 'see a' } });
    editor().setSelectionRange(5, 5);
    fireEvent.keyDown(editor(), { key: '/' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Type / on an empty line or press Ctrl+/ to insert a saved reply.')).toBeInTheDocument();

    fireEvent.keyDown(editor(), { key: '/', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Saved replies' });
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(3));
    const search = within(dialog).getByRole('combobox', { name: 'Search saved replies' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(titleOf(within(dialog).getByRole('option', { selected: true }))).toBe('Need access');

    await act(async () => fireEvent.keyDown(search, { key: 'Enter' }));
    await waitFor(() => expect(editor()).toHaveValue('see aCould you send the FTP login for Fix the contact form?'));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Saved replies' })));
    expect(await screen.findByRole('dialog', { name: 'Saved replies' })).toBeInTheDocument();
  });

  it('lets a staff member add their own saved reply from the picker', async () => {
    const { api } = openEditor(anAgent());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Saved replies' })));
    const dialog = await screen.findByRole('dialog', { name: 'Saved replies' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Manage my saved replies' })));
    expect(within(dialog).getByRole('list', { name: 'My saved replies' })).toHaveTextContent('My sign-off');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add a saved reply' })));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Closing' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the text of the saved reply.');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: 'Closing this, {{client.first_name}}.' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));

    await waitFor(() => expect(within(dialog).getByRole('list', { name: 'My saved replies' })).toHaveTextContent('Closing'));
    expect(api.db.savedReplies.find((reply) => reply.title === 'Closing')).toMatchObject({ owner_id: 8, body: 'Closing this, {{client.first_name}}.' });
  });

  it('offers a client no saved replies: / is typed as usual', () => {
    openEditor(aClient());
    fireEvent.keyDown(editor(), { key: '/' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Saved replies' })).toBeNull();
  });
});
