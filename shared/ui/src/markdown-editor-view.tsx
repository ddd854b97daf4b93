import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { Box } from '@chakra-ui/react';
import { Annotation, Compartment, EditorSelection, EditorState, Transaction, type TransactionSpec } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExtension } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentLess } from '@codemirror/commands';
import { indentUnit } from '@codemirror/language';
import { markdown } from '@codemirror/lang-markdown';
import { cspNonce } from './csp-nonce';
import {
  TAB_OPTIONS, insertCode, insertIndent, insertLink, insertTable, prefixLines, wrapSelection, type TabOption,
} from './markdown-editor-commands';
import type { FormattingTool } from './markdown-editor-options';
import { EditorHint, MarkdownEditorFrame, MarkdownToolbar } from './markdown-editor-toolbar';

export interface MarkdownEditorProps {
  value: string;
  onChange(value: string): void;
  /** The accessible name of the text area (and of the toolbar). */
  label: string;
  /** Pixels: 200 by default, 150 for activity notes, 300 for a ticket description (docs/product/tickets.md#markdown-editor). */
  height?: number;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  onFocus?(): void;
  onBlur?(): void;
  /** Commands for controls beside the editor (the message centre's token buttons). */
  editorRef?: Ref<MarkdownEditorHandle>;
}

export interface MarkdownEditorHandle {
  /**
   * Puts `text` where the cursor is, in place of the selection (the editor keeps both while it is not focused), or at the
   * end when the person has not been in the editor yet; then focuses the editor, the cursor after the text.
   */
  insertText(text: string): void;
}

/** The toolbar's commands, for the stand-in to pass on what was asked of it before the editor loaded (markdown-editor.tsx). */
export interface MarkdownEditorCommands extends MarkdownEditorHandle {
  tool(tool: FormattingTool): void;
  table(rows: number, columns: number): void;
  tab(option: TabOption): void;
}

/** Where the stand-in's text area left off when the editor takes its place: focused or not, and its selection. */
export interface MarkdownEditorHandOver {
  focused: boolean;
  selection: { anchor: number; head: number } | null;
}

const FORMATTING: Record<FormattingTool, (state: EditorState) => TransactionSpec | Transaction> = {
  Bold: (s) => wrapSelection(s, '**', '**', 'bold text'),
  Italic: (s) => wrapSelection(s, '_', '_', 'italic text'),
  Heading: (s) => prefixLines(s, '## '),
  Link: insertLink,
  List: (s) => prefixLines(s, '- '),
  Code: insertCode,
};

/** Marks the transaction that copies a new `value` prop in: it is not an edit to report or undo. */
const external = Annotation.define<boolean>();

function tabExtensions(option: TabOption) {
  const chosen = TAB_OPTIONS.find((o) => o.value === option) ?? TAB_OPTIONS[0];
  return [indentUnit.of(chosen.unit), EditorState.tabSize.of(chosen.size)];
}

/**
 * The portal's markdown editor: CodeMirror 6 with markdown highlighting, an undo history of at least
 * 100 steps batching keystrokes 600 ms apart (docs/product/tickets.md#markdown-editor), a formatting toolbar, a table picker up to
 * 6 x 6 and the tab options. Controlled: `value` in, `onChange` out.
 */
export function MarkdownEditorView({
  value, onChange, label, height = 200, placeholder, disabled = false, invalid = false, autoFocus = false, onFocus, onBlur, editorRef,
  commandsRef, handOver, bare = false,
}: MarkdownEditorProps & { commandsRef?: Ref<MarkdownEditorCommands>; handOver?: MarkdownEditorHandOver; bare?: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const view = useRef<EditorView | null>(null);
  const cursorPlaced = useRef(false);
  const callbacks = useRef({ onChange, onFocus, onBlur });
  const [tabCompartment] = useState(() => new Compartment());
  const [editableCompartment] = useState(() => new Compartment());
  const [tabOption, setTabOption] = useState<TabOption>('tab');

  useEffect(() => {
    callbacks.current = { onChange, onFocus, onBlur };
  });

  // The view is created once per mount; later prop changes reach it through the effects below. In the commit
  // that mounts it (a layout effect), so it takes the stand-in's focus with nothing in between to lose a key.
  useLayoutEffect(() => {
    if (!host.current) return undefined;
    const selection = handOver?.selection;
    // The focus handed over from the stand-in's text area: the person never left the field, so the form is not told again.
    let handingFocusOver = Boolean(handOver?.focused);
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        selection: selection && selection.head <= value.length && selection.anchor <= value.length
          ? EditorSelection.single(selection.anchor, selection.head) : undefined,
        extensions: [
          history({ minDepth: 100, newGroupDelay: 600 }),
          keymap.of([{ key: 'Tab', run: insertIndent, shift: indentLess }, ...historyKeymap, ...defaultKeymap]),
          markdown(),
          EditorView.lineWrapping,
          // CodeMirror writes its theme into a <style> element: the page's policy allows it with the nonce.
          EditorView.cspNonce.of(cspNonce() ?? ''),
          tabCompartment.of(tabExtensions('tab')),
          editableCompartment.of([EditorView.editable.of(!disabled), EditorState.readOnly.of(disabled)]),
          placeholder ? placeholderExtension(placeholder) : [],
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', 'aria-describedby': hintId }),
          EditorView.theme({
            '&': { height: `${height}px`, fontSize: '14px' },
            '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
            // Tab indents here (docs/product/tickets.md#markdown-editor tab options), so the focus ring says where the keys go.
            '&.cm-focused': { outline: '2px solid var(--chakra-colors-blue-solid)', outlineOffset: '-2px' },
            // CodeMirror's own #888 is 3.5:1 on white; the theme's muted text passes WCAG AA (4.5:1).
            '.cm-placeholder': { color: 'var(--chakra-colors-fg-muted)' },
          }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            if (update.transactions.some((tr) => tr.annotation(external))) return;
            callbacks.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            focus: () => {
              cursorPlaced.current = true;
              if (!handingFocusOver) callbacks.current.onFocus?.();
            },
            blur: () => {
              callbacks.current.onBlur?.();
            },
          }),
        ],
      }),
    });
    view.current = created;
    if (handOver?.selection) cursorPlaced.current = true;
    if (autoFocus || handOver?.focused) created.focus();
    handingFocusOver = false;
    return () => {
      created.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; value, disabled and tabs are synced below
  }, [height, label, placeholder, hintId]);

  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value) return;
    cursorPlaced.current = false;
    current.dispatch({
      changes: { from: 0, to: current.state.doc.length, insert: value },
      annotations: [external.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: editableCompartment.reconfigure([EditorView.editable.of(!disabled), EditorState.readOnly.of(disabled)]),
    });
  }, [disabled, editableCompartment]);

  function run(build: (state: EditorState) => TransactionSpec | Transaction) {
    const current = view.current;
    if (!current || disabled) return;
    const spec = build(current.state);
    current.dispatch(spec instanceof Transaction ? spec : current.state.update(spec, { userEvent: 'input', scrollIntoView: true }));
    current.focus();
  }

  // Where the person left the cursor; until they have been in the editor (since it was filled from outside), at the end.
  const insertText = (text: string) => run((state) => (cursorPlaced.current
    ? state.replaceSelection(text)
    : { changes: { from: state.doc.length, insert: text }, selection: { anchor: state.doc.length + text.length } }));
  useImperativeHandle(editorRef, () => ({ insertText }));

  function chooseTab(option: TabOption) {
    setTabOption(option);
    view.current?.dispatch({ effects: tabCompartment.reconfigure(tabExtensions(option)) });
  }

  const pickTable = (rows: number, columns: number) => run((state) => insertTable(state, rows, columns));
  const format = (tool: FormattingTool) => run(FORMATTING[tool]);
  useImperativeHandle(commandsRef, () => ({ insertText, tool: format, table: pickTable, tab: chooseTab }));

  const editor = (
    <>
      <Box ref={host} />
      {/* WCAG 2.1.2: Tab indents inside the editor, so the way out is told (CodeMirror's Escape, then Tab). */}
      <EditorHint id={hintId} />
    </>
  );
  // Inside the stand-in's frame and toolbar (markdown-editor.tsx), which stay as they are when the editor comes in.
  if (bare) return editor;
  return (
    <MarkdownEditorFrame invalid={invalid} disabled={disabled}>
      <MarkdownToolbar label={label} disabled={disabled} tabOption={tabOption} onTool={format} onTab={chooseTab} onTable={pickTable} />
      {editor}
    </MarkdownEditorFrame>
  );
}
