import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { EditorView } from '@codemirror/view';
import { MarkdownEditorView as MarkdownEditor, type MarkdownEditorHandle } from './markdown-editor-view';
import { PortalProvider } from './portal-provider';

// jsdom has no layout; CodeMirror measures ranges when it draws the cursor.
Range.prototype.getClientRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;

function WithTokenButton({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const editor = useRef<MarkdownEditorHandle>(null);
  return (
    <PortalProvider>
      <MarkdownEditor label="Message" value={value} onChange={setValue} editorRef={editor} />
      <button type="button" onClick={() => editor.current?.insertText('{{name}}')}>token</button>
      <output data-testid="value">{value}</output>
    </PortalProvider>
  );
}

const view = () => EditorView.findFromDOM(screen.getByRole('textbox', { name: 'Message' }))!;

describe('MarkdownEditor insertText', () => {
  it('puts the text at the end until the person has been in the editor', () => {
    render(<WithTokenButton initial="Hello" />);
    fireEvent.click(screen.getByRole('button', { name: 'token' }));
    fireEvent.click(screen.getByRole('button', { name: 'token' }));
    expect(screen.getByTestId('value')).toHaveTextContent('Hello{{name}}{{name}}');
  });

  it('puts the text at the cursor, or in place of the selection, and reports the change', () => {
    render(<WithTokenButton initial="Hello there" />);
    act(() => {
      view().focus();
      view().dispatch({ selection: { anchor: 6 } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'token' }));
    expect(screen.getByTestId('value')).toHaveTextContent('Hello {{name}}there');
    expect(view().state.selection.main.head).toBe(14);

    act(() => view().dispatch({ selection: { anchor: 14, head: 19 } }));
    fireEvent.click(screen.getByRole('button', { name: 'token' }));
    expect(screen.getByTestId('value')).toHaveTextContent('Hello {{name}}{{name}}');
  });
});
