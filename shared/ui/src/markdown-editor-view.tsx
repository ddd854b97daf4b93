import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Box, Button, Grid, HStack, IconButton, NativeSelect, Text } from '@chakra-ui/react';
import { Annotation, Compartment, EditorState, Transaction, type TransactionSpec } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderExtension } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentLess } from '@codemirror/commands';
import { indentUnit } from '@codemirror/language';
import { markdown } from '@codemirror/lang-markdown';
import { Bold, Code, Heading, Italic, Link, List, Table } from 'lucide-react';
import { cspNonce } from './csp-nonce';
import {
  TABLE_MAX, TAB_OPTIONS, insertCode, insertIndent, insertLink, insertTable, prefixLines, wrapSelection, type TabOption,
} from './markdown-editor-commands';

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
}: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const view = useRef<EditorView | null>(null);
  const cursorPlaced = useRef(false);
  const callbacks = useRef({ onChange, onFocus, onBlur });
  const [tabCompartment] = useState(() => new Compartment());
  const [editableCompartment] = useState(() => new Compartment());
  const [tabOption, setTabOption] = useState<TabOption>('tab');
  const [tablePickerOpen, setTablePickerOpen] = useState(false);
  const [hovered, setHovered] = useState<[number, number]>([0, 0]);

  useEffect(() => {
    callbacks.current = { onChange, onFocus, onBlur };
  });

  // The view is created once per mount; later prop changes reach it through the effects below.
  useEffect(() => {
    if (!host.current) return undefined;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
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
              callbacks.current.onFocus?.();
            },
            blur: () => {
              callbacks.current.onBlur?.();
            },
          }),
        ],
      }),
    });
    view.current = created;
    if (autoFocus) created.focus();
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
  useImperativeHandle(editorRef, () => ({
    insertText: (text: string) => run((state) => (cursorPlaced.current
      ? state.replaceSelection(text)
      : { changes: { from: state.doc.length, insert: text }, selection: { anchor: state.doc.length + text.length } })),
  }));

  function chooseTab(option: TabOption) {
    setTabOption(option);
    view.current?.dispatch({ effects: tabCompartment.reconfigure(tabExtensions(option)) });
  }

  function pickTable(rows: number, columns: number) {
    setTablePickerOpen(false);
    run((state) => insertTable(state, rows, columns));
  }

  const tools = [
    { name: 'Bold', icon: <Bold />, action: () => run((s) => wrapSelection(s, '**', '**', 'bold text')) },
    { name: 'Italic', icon: <Italic />, action: () => run((s) => wrapSelection(s, '_', '_', 'italic text')) },
    { name: 'Heading', icon: <Heading />, action: () => run((s) => prefixLines(s, '## ')) },
    { name: 'Link', icon: <Link />, action: () => run(insertLink) },
    { name: 'List', icon: <List />, action: () => run((s) => prefixLines(s, '- ')) },
    { name: 'Code', icon: <Code />, action: () => run(insertCode) },
  ];

  return (
    // As wide as its container, like the inputs beside it: a Field lines its parts up at the start,
    // where an editor would only be as wide as its text.
    <Box
      width="full"
      alignSelf="stretch"
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="md"
      bg={disabled ? 'bg.muted' : 'bg'}
      position="relative"
      data-invalid={invalid ? '' : undefined}
    >
      <HStack role="toolbar" aria-label={`${label} formatting`} gap="1" px="2" py="1" borderBottomWidth="1px" wrap="wrap">
        {tools.map((tool) => (
          <IconButton key={tool.name} aria-label={tool.name} title={tool.name} size="xs" variant="ghost" onClick={tool.action} disabled={disabled}>
            {tool.icon}
          </IconButton>
        ))}
        <IconButton
          aria-label="Insert table"
          title="Insert table"
          size="xs"
          variant={tablePickerOpen ? 'subtle' : 'ghost'}
          aria-expanded={tablePickerOpen}
          onClick={() => setTablePickerOpen((open) => !open)}
          disabled={disabled}
        >
          <Table />
        </IconButton>
        <NativeSelect.Root size="xs" width="auto" ms="auto" disabled={disabled}>
          <NativeSelect.Field aria-label="Tab width" value={tabOption} onChange={(event) => chooseTab(event.target.value as TabOption)}>
            {TAB_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {tablePickerOpen ? (
        <Box
          role="group"
          aria-label="Table size"
          position="absolute"
          zIndex="popover"
          top="9"
          left="2"
          bg="bg.panel"
          borderWidth="1px"
          rounded="md"
          shadow="md"
          p="2"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setTablePickerOpen(false);
          }}
        >
          <Grid templateColumns={`repeat(${TABLE_MAX}, 18px)`} gap="1" onMouseLeave={() => setHovered([0, 0])}>
            {Array.from({ length: TABLE_MAX * TABLE_MAX }, (_, index) => {
              const row = Math.floor(index / TABLE_MAX) + 1;
              const column = (index % TABLE_MAX) + 1;
              const lit = row <= hovered[0] && column <= hovered[1];
              return (
                <Button
                  key={index}
                  aria-label={`${row} x ${column} table`}
                  minW="18px"
                  w="18px"
                  h="18px"
                  p="0"
                  size="2xs"
                  variant={lit ? 'solid' : 'outline'}
                  colorPalette="blue"
                  onMouseEnter={() => setHovered([row, column])}
                  onFocus={() => setHovered([row, column])}
                  onClick={() => pickTable(row, column)}
                />
              );
            })}
          </Grid>
          <Text fontSize="xs" color="fg.muted" mt="1" textAlign="center">
            {hovered[0] > 0 ? `${hovered[0]} x ${hovered[1]}` : 'Pick a size'}
          </Text>
        </Box>
      ) : null}
      <Box ref={host} />
      {/* WCAG 2.1.2: Tab indents inside the editor, so the way out is told (CodeMirror's Escape, then Tab). */}
      <Text id={hintId} srOnly>
        Tab indents. To leave the editor, press Escape, then Tab.
      </Text>
    </Box>
  );
}
