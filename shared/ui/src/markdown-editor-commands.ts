import { EditorSelection, type ChangeSpec, type EditorState } from '@codemirror/state';
import { indentUnit } from '@codemirror/language';
import { indentMore } from '@codemirror/commands';
import type { Command, EditorView } from '@codemirror/view';
import { TABLE_MAX } from './markdown-editor-options';

export { TABLE_MAX, TAB_OPTIONS, type TabOption } from './markdown-editor-options';

/** A header row, its separator and `rows - 1` empty body rows, on lines of their own. */
export function tableMarkdown(rows: number, columns: number): string {
  const r = Math.min(TABLE_MAX, Math.max(1, Math.trunc(rows)));
  const c = Math.min(TABLE_MAX, Math.max(1, Math.trunc(columns)));
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const header = line(Array.from({ length: c }, (_, i) => `Column ${i + 1}`));
  const separator = line(Array.from({ length: c }, () => '---'));
  const body = Array.from({ length: r - 1 }, () => line(Array.from({ length: c }, () => '   ')));
  return [header, separator, ...body].join('\n');
}

/** Wraps every selection in `before`/`after`; an empty selection gets `placeholder`, selected. */
export function wrapSelection(state: EditorState, before: string, after: string, placeholder: string) {
  return state.changeByRange((range) => {
    const text = range.empty ? placeholder : state.sliceDoc(range.from, range.to);
    const insert = `${before}${text}${after}`;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.range(range.from + before.length, range.from + before.length + text.length),
    };
  });
}

/** Puts `prefix` before every line the selection touches. */
export function prefixLines(state: EditorState, prefix: string) {
  const changes: ChangeSpec[] = [];
  const seen = new Set<number>();
  for (const range of state.selection.ranges) {
    for (let pos = range.from; pos <= range.to; ) {
      const line = state.doc.lineAt(pos);
      if (!seen.has(line.number)) {
        seen.add(line.number);
        changes.push({ from: line.from, insert: prefix });
      }
      pos = line.to + 1;
    }
  }
  return state.update({ changes, scrollIntoView: true, userEvent: 'input' });
}

/** A link around the selected text; the url placeholder is selected for typing over. */
export function insertLink(state: EditorState) {
  return state.changeByRange((range) => {
    const text = range.empty ? 'link text' : state.sliceDoc(range.from, range.to);
    const insert = `[${text}](https://)`;
    const urlStart = range.from + text.length + 3;
    return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.range(urlStart, urlStart + 8) };
  });
}

/** Inline code for a selection on one line, a fenced block for a longer one. */
export function insertCode(state: EditorState) {
  const main = state.selection.main;
  const text = state.sliceDoc(main.from, main.to);
  if (text.includes('\n')) return state.update(wrapSelection(state, '```\n', '\n```', ''), { userEvent: 'input' });
  return state.update(wrapSelection(state, '`', '`', 'code'), { userEvent: 'input' });
}

/** A table on lines of its own at the cursor. */
export function insertTable(state: EditorState, rows: number, columns: number) {
  const main = state.selection.main;
  const line = state.doc.lineAt(main.from);
  const before = main.from === line.from ? '' : '\n';
  const after = main.to === state.doc.lineAt(main.to).to ? '\n' : '\n\n';
  const insert = `${before}${tableMarkdown(rows, columns)}${after}`;
  return state.update({
    changes: { from: main.from, to: main.to, insert },
    selection: { anchor: main.from + insert.length },
    scrollIntoView: true,
    userEvent: 'input',
  });
}

/** Tab: indents a selection, or inserts the chosen indent unit (tab or spaces) at the cursor. */
export const insertIndent: Command = (view: EditorView) => {
  if (view.state.selection.ranges.some((range) => !range.empty)) return indentMore(view);
  view.dispatch(view.state.update(view.state.replaceSelection(view.state.facet(indentUnit)), { scrollIntoView: true, userEvent: 'input' }));
  return true;
};
