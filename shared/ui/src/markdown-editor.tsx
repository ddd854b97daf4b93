import { lazy, Suspense } from 'react';
import { Skeleton } from '@chakra-ui/react';
import type { MarkdownEditorProps } from './markdown-editor-view';

export type { MarkdownEditorHandle, MarkdownEditorProps } from './markdown-editor-view';

// CodeMirror is most of this package's weight, and @portal/ui is one shared module loaded with the
// shell: loading the editor on first use keeps it off pages that have none (the login page).
const MarkdownEditorView = lazy(() => import('./markdown-editor-view').then((module) => ({ default: module.MarkdownEditorView })));

/** The portal's markdown editor (CodeMirror 6); see markdown-editor-view.tsx for its behaviour. */
export function MarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<Skeleton width="full" alignSelf="stretch" height={`${(props.height ?? 200) + 40}px`} role="status" aria-label={`${props.label} (loading)`} />}>
      <MarkdownEditorView {...props} />
    </Suspense>
  );
}
