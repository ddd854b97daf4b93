import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Contact } from '@portal/contract';
import { STATUS } from '@portal/domain';
import {
  aClient, anAdmin, anAgent, apiPath, aTicketDetail, createMockApi, errorAnswer, http, type RenderWithPortalOptions,
} from '@portal/testing';
import { renderRemote } from '../../../test-support/render-remote';
import { NoteEditor } from './note-editor';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../../test-support/markdown-editor-double')>(
    '../../../test-support/markdown-editor-double',
  );
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// Reply or internal note (docs/product/tickets.md#internal-notes).

/** The editor of ticket #12, In Progress unless `status` says otherwise. */
function openEditor(viewer: Contact, { status = STATUS.inProgress, handlers }: { status?: number } & Pick<RenderWithPortalOptions, 'handlers'> = {}) {
  const api = createMockApi({ tickets: [aTicketDetail({ status_id: status })] });
  return renderRemote(<NoteEditor ticketId={12} />, { viewer, api, handlers });
}

const reply = () => screen.getByRole('radio', { name: 'Reply' });
const internal = () => screen.getByRole('radio', { name: 'Internal note' });

/** Ark's radio group answers a click a moment later: wait for the button to say the choice. */
async function choose(name: 'Reply' | 'Internal note') {
  fireEvent.click(screen.getByRole('radio', { name }));
  await screen.findByRole('button', { name: name === 'Reply' ? 'Send reply' : 'Add internal note' });
}

function write(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: text } });
}

beforeEach(() => sessionStorage.clear());

describe('reply or internal note', () => {
  it.each([['an agent', anAgent()], ['an admin', anAdmin()]])('offers %s Reply and Internal note, a reply on a ticket the client is waiting on', async (_who, viewer) => {
    openEditor(viewer);
    await waitFor(() => expect(reply()).toBeChecked());
    expect(internal()).not.toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Who sees this note' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeInTheDocument();
    expect(screen.queryByText('Internal note — only staff see this')).toBeNull();
  });

  it.each([
    ['Need More Info', STATUS.needMoreInfo], ['Testing', STATUS.testing], ['Complete', STATUS.complete],
  ])('starts on an internal note on a ticket in %s (no client is waiting on it)', async (_name, status) => {
    openEditor(anAgent(), { status });
    await waitFor(() => expect(internal()).toBeChecked());
    expect(screen.getByText('Internal note — only staff see this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add internal note' })).toBeInTheDocument();
  });

  it('switches the label and the button with the choice', async () => {
    openEditor(anAgent());
    await waitFor(() => expect(reply()).toBeChecked());
    await choose('Internal note');
    expect(internal()).toBeChecked();
    expect(screen.getByText('Internal note — only staff see this')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add internal note' })).toBeInTheDocument();
    await choose('Reply');
    expect(screen.queryByText('Internal note — only staff see this')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeInTheDocument();
  });

  it('sends the choice with the note: internal true for an internal note, false for a reply, and keeps it for the next note', async () => {
    const view = openEditor(anAgent());
    await waitFor(() => expect(reply()).toBeChecked());
    await choose('Internal note');
    write('Hosting password is in the vault.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add internal note' })));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue(''));
    expect(internal()).toBeChecked();

    await choose('Reply');
    write('We are on it.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reply' })));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue(''));

    expect(view.writes()).toEqual([
      { method: 'POST', url: '/api/activity', body: { ticket_id: 12, note: 'Hosting password is in the vault.', internal: true } },
      { method: 'POST', url: '/api/activity', body: { ticket_id: 12, note: 'We are on it.', internal: false } },
    ]);
  });

  it('keeps the note and the choice when the send fails', async () => {
    openEditor(anAgent(), { handlers: [http.post(apiPath('/activity'), () => errorAnswer(500, 'Activity not created.'))] });
    await waitFor(() => expect(reply()).toBeChecked());
    await choose('Internal note');
    write('Margin is thin on this one.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add internal note' })));

    expect(await screen.findByRole('alert')).toHaveTextContent('Activity not created.');
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('Margin is thin on this one.');
    expect(internal()).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add internal note' })).toBeEnabled();
  });

  it('keeps a choice not yet sent across a reload, with the draft', async () => {
    const first = openEditor(anAgent());
    await waitFor(() => expect(reply()).toBeChecked());
    await choose('Internal note');
    write('Half a thought');
    first.unmount();

    openEditor(anAgent());
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('Half a thought');
    expect(internal()).toBeChecked();
  });

  it('shows a client no choice: its note is a reply, sent as before', async () => {
    const view = openEditor(aClient(), { status: STATUS.needMoreInfo });
    write('Here is the login.');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText('Internal note — only staff see this')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Note' })));
    await waitFor(() => expect(view.writes()).toEqual([{ method: 'POST', url: '/api/activity', body: { ticket_id: 12, note: 'Here is the login.' } }]));
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('files added with the note (docs/product/tickets.md#internal-notes)', () => {
  const aPng = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
  const attach = (...files: File[]) => fireEvent.change(screen.getByLabelText('Files for the note'), { target: { files } });
  const uploads = (view: ReturnType<typeof openEditor>) => view.writes().map(({ method, url }) => `${method} ${url}`);

  it('uploads the files of an internal note internal, and those of a reply public', async () => {
    const view = openEditor(anAgent());
    await waitFor(() => expect(reply()).toBeChecked());
    await choose('Internal note');
    write('The server logs, for us only.');
    attach(aPng('server-log.png'));
    const pending = screen.getByRole('list', { name: 'Files to send with the note' });
    expect(pending).toHaveTextContent('server-log.png');
    expect(screen.getByText('Sent with the internal note: only staff see them.')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add internal note' })));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue(''));
    expect(screen.queryByRole('list', { name: 'Files to send with the note' })).toBeNull();

    await choose('Reply');
    write('Here is the fixed page.');
    attach(aPng('fixed-page.png'));
    expect(screen.getByText('Sent with the reply: the client sees them.')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reply' })));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue(''));

    expect(uploads(view)).toEqual([
      'POST /api/ticket/12/attachments?internal=true', 'POST /api/activity', 'POST /api/ticket/12/attachments', 'POST /api/activity',
    ]);
    expect(view.api.db.attachments.map(({ name, internal: staffOnly }) => [name, staffOnly])).toEqual([['server-log.png', true], ['fixed-page.png', false]]);
  });

  it('files chosen before a switch follow the choice at sending, and say so', async () => {
    const view = openEditor(anAgent(), { status: STATUS.needMoreInfo });
    await waitFor(() => expect(internal()).toBeChecked());
    write('Screenshot of the fix.');
    attach(aPng('fix.png'));
    expect(screen.getByText('Sent with the internal note: only staff see them.')).toBeInTheDocument();
    await choose('Reply');
    expect(screen.getByText('Sent with the reply: the client sees them.')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reply' })));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue(''));
    expect(uploads(view)).toEqual(['POST /api/ticket/12/attachments', 'POST /api/activity']);
    expect(view.api.db.attachments).toEqual([expect.objectContaining({ name: 'fix.png', internal: false })]);
  });

  it('takes files dropped or pasted on the editor, and lets one be removed before sending', async () => {
    openEditor(anAgent());
    await waitFor(() => expect(reply()).toBeChecked());
    const editor = screen.getByRole('textbox', { name: 'New note' });
    fireEvent.drop(editor, { dataTransfer: { files: [aPng('dropped.png')], types: ['Files'] } });
    fireEvent.paste(editor, { clipboardData: { files: [aPng('pasted.png')], types: ['Files'] } });
    const pending = screen.getByRole('list', { name: 'Files to send with the note' });
    expect(pending).toHaveTextContent('dropped.png');
    expect(pending).toHaveTextContent('pasted.png');
    fireEvent.click(screen.getByRole('button', { name: 'Remove dropped.png' }));
    expect(pending).not.toHaveTextContent('dropped.png');
    expect(pending).toHaveTextContent('pasted.png');
  });

  it("sends a client's files with its note public (a client has no choice), with no line about who sees them", async () => {
    const view = openEditor(aClient(), { status: STATUS.needMoreInfo });
    write('Here is the screenshot.');
    attach(aPng('screenshot.png'));
    expect(screen.getByRole('list', { name: 'Files to send with the note' })).toHaveTextContent('screenshot.png');
    expect(screen.queryByText(/^Sent with the/)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Note' })));
    await waitFor(() => expect(uploads(view)).toEqual(['POST /api/ticket/12/attachments', 'POST /api/activity']));
  });

  it('sends no note when a file is refused: the message, the text and the files stay', async () => {
    const view = openEditor(anAgent(), {
      handlers: [http.post(apiPath('/ticket/12/attachments'), () => errorAnswer(400, 'The file content does not match its type.'))],
    });
    await waitFor(() => expect(reply()).toBeChecked());
    await choose('Internal note');
    write('See the attached export.');
    attach(aPng('export.png'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add internal note' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file content does not match its type.');
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('See the attached export.');
    expect(screen.getByRole('list', { name: 'Files to send with the note' })).toHaveTextContent('export.png');
    expect(uploads(view)).toEqual(['POST /api/ticket/12/attachments?internal=true']);
  });
});
