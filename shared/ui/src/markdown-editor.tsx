import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type ComponentType, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { Textarea } from '@chakra-ui/react';
import type { MarkdownEditorCommands, MarkdownEditorHandOver, MarkdownEditorProps } from './markdown-editor-view';
import type { FormattingTool, TabOption } from './markdown-editor-options';
import { EditorHint, MarkdownEditorFrame, MarkdownToolbar } from './markdown-editor-toolbar';

export type { MarkdownEditorHandle, MarkdownEditorProps } from './markdown-editor-view';

type EditorView = ComponentType<MarkdownEditorProps & { commandsRef?: Ref<MarkdownEditorCommands>; handOver?: MarkdownEditorHandOver; bare?: boolean }>;

// CodeMirror is most of this package's weight (~150 KB compressed), and @portal/ui is one shared module
// loaded with the shell: the editor loads when someone means to write (a pointer over it, the focus in it, a
// toolbar button, autoFocus, insertText), not with the page. Until then (each editor, until it is meant) a
// plain text area of the same size, label and toolbar stands in: what is typed there, where the cursor is and
// what the toolbar was asked to do carry over to the editor, which takes its place in one commit.
let loading: Promise<EditorView> | null = null;
function loadEditor(): Promise<EditorView> {
  loading ??= import('./markdown-editor-view').then((module) => module.MarkdownEditorView);
  return loading;
}

/** The portal's markdown editor (CodeMirror 6); see markdown-editor-view.tsx for its behaviour. */
export function MarkdownEditor(props: MarkdownEditorProps) {
  const { value, onChange, label, height = 200, placeholder, disabled = false, invalid = false, autoFocus = false, onFocus, onBlur, editorRef } = props;
  const [View, setView] = useState<EditorView | null>(null);
  const [handOver, setHandOver] = useState<MarkdownEditorHandOver | undefined>(undefined);
  const [tabOption, setTabOption] = useState<TabOption>('tab');
  const area = useRef<HTMLTextAreaElement>(null);
  const commands = useRef<MarkdownEditorCommands>(null);
  const asked = useRef<((editor: MarkdownEditorCommands) => void)[]>([]);
  const swapped = useRef(false);
  // The stand-in's own insertText: where the person was in it (or at the end), the caret after the text once it is in.
  const visited = useRef(false);
  const caret = useRef<number | null>(null);
  const hintId = useId();

  function want(then?: (editor: MarkdownEditorCommands) => void) {
    if (then) asked.current.push(then);
    void loadEditor().then((editor) => {
      if (swapped.current) return;
      swapped.current = true;
      // Read where the text area is and swap in the same task (flushSync), so no key lands in between.
      const text = area.current;
      const focused = text !== null && text === document.activeElement;
      flushSync(() => {
        setHandOver({ focused, selection: focused ? { anchor: text.selectionStart, head: text.selectionEnd } : null });
        setView(() => editor);
      });
    });
  }

  useEffect(() => {
    if (autoFocus && !View) want();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only
  }, []);

  // What was asked of the stand-in runs once the editor is in.
  useEffect(() => {
    if (!View || !commands.current) return;
    for (const then of asked.current.splice(0)) then(commands.current);
  }, [View]);

  useImperativeHandle(editorRef, () => ({
    insertText(text: string) {
      if (commands.current) return commands.current.insertText(text);
      const at = area.current && visited.current ? [area.current.selectionStart, area.current.selectionEnd] : [value.length, value.length];
      caret.current = at[0]! + text.length;
      onChange(value.slice(0, at[0]) + text + value.slice(at[1]));
      area.current?.focus();
    },
  }));
  useLayoutEffect(() => {
    if (caret.current === null || !area.current) return;
    area.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  // The frame and toolbar stay mounted when the editor comes in (an open table picker stays open).
  return (
    <MarkdownEditorFrame invalid={invalid} disabled={disabled} onPointerEnter={View ? undefined : () => want()}>
      <MarkdownToolbar
        label={label}
        disabled={disabled}
        tabOption={tabOption}
        onTool={(tool: FormattingTool) => (commands.current ? commands.current.tool(tool) : want((editor) => editor.tool(tool)))}
        onTab={(option) => {
          setTabOption(option);
          if (commands.current) commands.current.tab(option);
          else want((editor) => editor.tab(option));
        }}
        onTable={(rows, columns) => (commands.current ? commands.current.table(rows, columns) : want((editor) => editor.table(rows, columns)))}
      />
      {View ? <View {...props} editorRef={undefined} bare commandsRef={commands} handOver={handOver} /> : (
        <>
          <Textarea
            ref={area}
            display="block"
            width="full"
            height={`${height}px`}
            resize="none"
            borderWidth="0"
            rounded="none"
            bg="transparent"
            px="6px"
            py="4px"
            fontSize="14px"
            lineHeight="1.4"
            fontFamily="ui-monospace, SFMono-Regular, Menlo, monospace"
            css={{ '&:focus-visible': { outline: '2px solid var(--chakra-colors-blue-solid)', outlineOffset: '-2px', boxShadow: 'none' } }}
            aria-label={label}
            aria-describedby={hintId}
            placeholder={placeholder}
            disabled={disabled}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onFocus={() => {
              visited.current = true;
              onFocus?.();
              want();
            }}
            onBlur={() => onBlur?.()}
          />
          <EditorHint id={hintId} />
        </>
      )}
    </MarkdownEditorFrame>
  );
}
