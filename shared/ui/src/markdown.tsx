import { createContext, Suspense, use, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Text } from '@chakra-ui/react';

export { safeUrl } from './safe-url';

// react-markdown and remark-gfm load on first use, so pages that show no markdown (the
// login page) do not download it with the shell's copy of this package. A page that shows notes
// starts the load with its own code (preloadMarkdown), so its notes do not wait for it
// (docs/performance.md#a-click-is-instant).

type View = ComponentType<{ children: string | null | undefined }>;

let view: View | null = null;
let loading: Promise<void> | null = null;
let failed = false;

/** Starts loading the renderer, once (again after a failure); settles when it is in or has failed. */
export function preloadMarkdown(): Promise<void> {
  // Named, so a remote's build lists its files (startup-files.json `ready`) for the shell to fetch ahead.
  loading ??= import(/* webpackChunkName: "markdown" */ './markdown-view').then(
    (module) => {
      view = module.MarkdownView;
    },
    () => {
      // The text shows plain, held or not; the next Markdown drawn tries again.
      loading = null;
      failed = true;
    },
  );
  return loading;
}

/** The renderer once it is in, drawn in the same commit as the note (no Suspense round for a loaded chunk). */
function useView(): View | null {
  const [, loaded] = useState(0);
  useEffect(() => {
    if (view) return undefined;
    let mounted = true;
    void preloadMarkdown().then(() => mounted && loaded((n) => n + 1));
    return () => {
      mounted = false;
    };
  }, []);
  return view;
}

const Held = createContext(false);

/**
 * Markdown inside waits here for the renderer, `fallback` showing meanwhile, instead of each showing its plain text
 * first and jumping when the renderer arrives. For a page whose notes fill the screen (the ticket page): its code starts
 * the renderer's load, so the wait is rarely there at all.
 */
export function MarkdownHold({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Held.Provider value>
      <Suspense fallback={fallback}>{children}</Suspense>
    </Held.Provider>
  );
}

/** Renders user-written markdown (raw HTML never rendered; unsafe links dropped). Plain text until the parser loads, or nothing inside a MarkdownHold. */
export function Markdown({ children }: { children: string | null | undefined }) {
  const held = useContext(Held);
  const View = useView();
  if (View) return <View>{children}</View>;
  // Held: wait for the load (a failed one settles too, and the text then shows plain).
  if (held && !failed) use(preloadMarkdown());
  return <Text whiteSpace="pre-wrap">{children ?? ''}</Text>;
}
