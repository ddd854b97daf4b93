import type { KeyboardEvent } from 'react';

/** The shortcut the note editor shows beside its Saved replies button. */
export const SAVED_REPLY_SHORTCUT = 'Ctrl+/';

/** Whether the caret (no selection) stands on an empty line of a text area's value. */
function textAreaOnEmptyLine(area: HTMLTextAreaElement): boolean {
  const { value, selectionStart, selectionEnd } = area;
  if (selectionStart !== selectionEnd) return false;
  const lineStart = value.lastIndexOf('\n', selectionStart - 1) + 1;
  const lineEnd = value.indexOf('\n', selectionStart);
  return value.slice(lineStart, lineEnd === -1 ? value.length : lineEnd) === '';
}

/** The same in CodeMirror: the line of the DOM selection holds no text (its placeholder shows only on an empty note). */
function editorOnEmptyLine(): boolean {
  const selection = window.getSelection();
  if (!selection?.isCollapsed || !selection.anchorNode) return false;
  const node = selection.anchorNode;
  const line = (node instanceof Element ? node : node.parentElement)?.closest('.cm-line');
  if (!line) return false;
  return line.querySelector('.cm-placeholder') !== null || line.textContent === '';
}

/**
 * Whether a key pressed in the note editor opens the saved replies: Ctrl+/ (⌘/ on a Mac) anywhere in it, or `/` typed
 * at the start of an empty line (so a `/` inside a sentence or a path is typed as usual).
 */
export function opensSavedReplies(event: KeyboardEvent): boolean {
  if (event.key !== '/' || event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return true;
  const target = event.target;
  if (target instanceof HTMLTextAreaElement) return textAreaOnEmptyLine(target);
  return target instanceof HTMLElement && target.closest('.cm-content') !== null && editorOnEmptyLine();
}
