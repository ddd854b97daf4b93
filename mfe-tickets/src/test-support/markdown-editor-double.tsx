import type { MarkdownEditorProps } from '@portal/ui';

/**
 * A textarea in place of the CodeMirror editor for the screens' tests (jsdom has no layout for
 * CodeMirror; the editor has its own tests in @portal/ui). Same props, same accessible name.
 */
export function MarkdownEditorDouble({ label, value, onChange, onBlur, onFocus }: MarkdownEditorProps) {
  return <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} onFocus={onFocus} />;
}
