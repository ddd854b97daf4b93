import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { undo } from '@codemirror/commands';
import { EditorView } from '@codemirror/view';
import { MarkdownEditorView as MarkdownEditor } from './markdown-editor-view';
import { MarkdownEditor as LazyMarkdownEditor, type MarkdownEditorHandle } from './markdown-editor';
import { tableMarkdown } from './markdown-editor-commands';
import { PortalProvider } from './portal-provider';

// jsdom has no layout; CodeMirror measures ranges when it draws the cursor.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const zeroRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = zeroRect;

function Controlled({ initial = '', height, onValue }: { initial?: string; height?: number; onValue?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PortalProvider>
      <MarkdownEditor
        label="Description"
        value={value}
        height={height}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <button type="button" onClick={() => setValue('replaced from outside')}>
        reset
      </button>
      <output data-testid="value">{value}</output>
    </PortalProvider>
  );
}

function editorView(): EditorView {
  const content = screen.getByRole('textbox', { name: 'Description' });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error('no editor');
  return view;
}

function typeInto(view: EditorView, text: string) {
  act(() => {
    const at = view.state.selection.main.head;
    view.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length }, userEvent: 'input.type' });
  });
}

describe('MarkdownEditor', () => {
  it('is a labelled text box with a formatting toolbar', () => {
    render(<Controlled initial="Hello" height={300} />);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveTextContent('Hello');
    expect(screen.getByRole('toolbar', { name: 'Description formatting' })).toBeInTheDocument();
    expect(editorView().state.doc.toString()).toBe('Hello');
  });

  it('tells keyboard users how to leave it, since Tab indents inside', () => {
    render(<Controlled initial="Hello" />);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('Tab indents. To leave the editor, press Escape, then Tab.');
  });

  it('reports edits and follows a new value from outside without reporting it back', () => {
    const seen: string[] = [];
    render(<Controlled initial="Hi" onValue={(v) => seen.push(v)} />);
    const view = editorView();
    act(() => view.dispatch({ selection: { anchor: 2 } }));
    typeInto(view, ' there');
    expect(screen.getByTestId('value')).toHaveTextContent('Hi there');

    fireEvent.click(screen.getByText('reset'));
    expect(view.state.doc.toString()).toBe('replaced from outside');
    expect(seen).toEqual(['Hi there']);
  });

  it('wraps the selection in bold and italic, and prefixes headings and list items', () => {
    render(<Controlled initial="word" />);
    const view = editorView();
    act(() => view.dispatch({ selection: { anchor: 0, head: 4 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByTestId('value')).toHaveTextContent('**word**');

    fireEvent.click(screen.getByRole('button', { name: 'Italic' }));
    expect(view.state.doc.toString()).toBe('**_word_**');

    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    expect(view.state.doc.toString()).toBe('## **_word_**');
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(view.state.doc.toString()).toBe('- ## **_word_**');
  });

  it('inserts a link and inline code around the selection', () => {
    render(<Controlled initial="site" />);
    const view = editorView();
    act(() => view.dispatch({ selection: { anchor: 0, head: 4 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(view.state.doc.toString()).toBe('[site](https://)');
    act(() => view.dispatch({ selection: { anchor: 1, head: 5 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Code' }));
    expect(view.state.doc.toString()).toBe('[`site`](https://)');
  });

  it('inserts a table picked up to 6 x 6', () => {
    render(<Controlled />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    expect(screen.getAllByRole('button', { name: /^\d x \d table$/ })).toHaveLength(36);
    expect(screen.queryByRole('button', { name: '7 x 1 table' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '3 x 2 table' }));

    expect(editorView().state.doc.toString()).toBe(`${tableMarkdown(3, 2)}\n`);
    expect(tableMarkdown(3, 2).split('\n')).toEqual(['| Column 1 | Column 2 |', '| --- | --- |', '|     |     |', '|     |     |']);
    expect(screen.queryByRole('group', { name: 'Table size' })).toBeNull();
  });

  // docs/product/tickets.md#markdown-editor: the picker inserts at the cursor, in an empty editor too, however the screen keeps
  // its text (a note's draft stores nothing for an empty editor).
  it('inserts a table in an empty editor with a placeholder whose screen keeps no text for it', () => {
    function NoteLike() {
      const [draft, setDraft] = useState<string | null>(null);
      return (
        <PortalProvider>
          <MarkdownEditor label="Description" placeholder="Write a note…" height={150} value={draft ?? ''} onChange={(text) => setDraft(text === '' ? null : text)} />
          <output data-testid="value">{draft ?? ''}</output>
        </PortalProvider>
      );
    }
    render(<NoteLike />);
    expect(editorView().state.doc.toString()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    fireEvent.click(screen.getByRole('button', { name: '2 x 2 table' }));
    expect(editorView().state.doc.toString()).toBe(`${tableMarkdown(2, 2)}\n`);
    expect(screen.getByTestId('value').textContent).toBe(`${tableMarkdown(2, 2)}\n`);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveTextContent('| Column 1 | Column 2 |');
  });

  it('inserts a table at the cursor, on lines of its own', () => {
    render(<Controlled initial="Before after" />);
    const view = editorView();
    act(() => view.dispatch({ selection: { anchor: 6 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    fireEvent.click(screen.getByRole('button', { name: '1 x 1 table' }));
    expect(view.state.doc.toString()).toBe(`Before\n${tableMarkdown(1, 1)}\n\n after`);
  });

  it('offers the tab options and indents with the chosen one', () => {
    render(<Controlled />);
    const select = screen.getByRole('combobox', { name: 'Tab width' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['1 tab', '2 spaces', '4 spaces', '8 spaces']);
    const content = screen.getByRole('textbox', { name: 'Description' });

    fireEvent.keyDown(content, { key: 'Tab', code: 'Tab', keyCode: 9 });
    expect(editorView().state.doc.toString()).toBe('\t');

    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.keyDown(content, { key: 'Tab', code: 'Tab', keyCode: 9 });
    expect(editorView().state.doc.toString()).toBe('\t    ');
  });

  it('keeps an undo history: quick keystrokes undo as one step, later ones separately', () => {
    const now = jest.spyOn(Date, 'now');
    render(<Controlled />);
    const view = editorView();
    now.mockReturnValue(1_000);
    typeInto(view, 'a');
    now.mockReturnValue(1_300);
    typeInto(view, 'b');
    now.mockReturnValue(3_000);
    typeInto(view, 'c');
    expect(view.state.doc.toString()).toBe('abc');

    act(() => {
      undo(view);
    });
    expect(view.state.doc.toString()).toBe('ab');
    act(() => {
      undo(view);
    });
    expect(view.state.doc.toString()).toBe('');
    now.mockRestore();
  });

  it('keeps at least 100 undo steps', () => {
    const now = jest.spyOn(Date, 'now');
    render(<Controlled />);
    const view = editorView();
    for (let step = 0; step < 105; step += 1) {
      now.mockReturnValue(10_000 + step * 1_000);
      typeInto(view, 'x');
    }
    let undone = 0;
    act(() => {
      while (undo(view)) undone += 1;
    });
    expect(undone).toBeGreaterThanOrEqual(100);
    now.mockRestore();
  });
});

describe('MarkdownEditor as the package exports it', () => {
  function Lazy({ initial = 'Hello', onFocus }: { initial?: string; onFocus?: () => void }) {
    const [value, setValue] = useState(initial);
    const editor = useRef<MarkdownEditorHandle>(null);
    return (
      <PortalProvider>
        <LazyMarkdownEditor label="Description" value={value} onChange={setValue} editorRef={editor} onFocus={onFocus} />
        <button type="button" onClick={() => editor.current?.insertText('{{name}}')}>token</button>
        <output data-testid="value">{value}</output>
      </PortalProvider>
    );
  }
  const loadedView = async () => {
    await waitFor(() => expect(document.querySelector('.cm-content')).not.toBeNull());
    return editorView();
  };

  it('stands in with a plain text area of the same name and toolbar until someone means to write', () => {
    render(<Lazy />);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Hello');
    expect(screen.getByRole('toolbar', { name: 'Description formatting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(document.querySelector('.cm-content')).toBeNull();
  });

  it('loads the editor when the text area gets the focus, keeping what was typed, the cursor and the focus', async () => {
    const onFocus = jest.fn();
    render(<Lazy onFocus={onFocus} />);
    const area = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: 'Hello there' } });
    area.focus();
    area.setSelectionRange(5, 5);
    const view = await loadedView();
    expect(view.state.doc.toString()).toBe('Hello there');
    expect(view.state.selection.main.head).toBe(5);
    expect(view.hasFocus).toBe(true);
    // The focus was handed over, not gained again: the form heard it once.
    expect(onFocus).toHaveBeenCalledTimes(1);
    typeInto(view, ',');
    expect(screen.getByTestId('value')).toHaveTextContent('Hello, there');
    // Leaving and coming back is a new focus.
    act(() => view.contentDOM.blur());
    act(() => view.focus());
    expect(onFocus).toHaveBeenCalledTimes(2);
  });

  it('keeps an open table picker open when the editor comes in under the pointer', async () => {
    render(<Lazy initial="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    fireEvent.pointerEnter(screen.getByRole('toolbar', { name: 'Description formatting' }));
    await loadedView();
    fireEvent.click(screen.getByRole('button', { name: '2 x 2 table' }));
    expect(screen.getByTestId('value')).toHaveTextContent('| Column 1 | Column 2 |');
  });

  it('carries out a toolbar button and insertText asked before the editor was in', async () => {
    render(<Lazy initial="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await loadedView();
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('**bold text**'));
    fireEvent.click(screen.getByRole('button', { name: 'token' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/\{\{name\}\}/);
  });
});
