import { lazy, Suspense } from 'react';
import { Text } from '@chakra-ui/react';

export { safeUrl } from './safe-url';

// react-markdown and remark-gfm load on first use, so pages that show no markdown (the
// login page) do not download it with the shell's copy of this package.
const MarkdownView = lazy(() => import('./markdown-view').then((module) => ({ default: module.MarkdownView })));

/** Renders user-written markdown (raw HTML never rendered; unsafe links dropped). Plain text until the parser loads. */
export function Markdown({ children }: { children: string | null | undefined }) {
  return (
    <Suspense fallback={<Text whiteSpace="pre-wrap">{children ?? ''}</Text>}>
      <MarkdownView>{children}</MarkdownView>
    </Suspense>
  );
}
