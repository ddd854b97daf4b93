import { useMemo, type ReactNode } from 'react';
import { Box, Checkbox, Code, Heading, Link, List, Separator, Table, Text } from '@chakra-ui/react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useT } from './messages';
import { safeUrl } from './safe-url';

// react-markdown with remark-gfm, the parser and GitHub-flavoured extension mail uses too
// (api/src/services/mail-markdown.ts), so a note reads the same on the screen and in mail. Every
// element is drawn with a Chakra component, since Chakra's reset takes the browser's default styles
// away. Raw HTML is dropped (skipHtml), as mail drops it; every link and image address passes the
// portal's one rule (safe-url.ts) instead of react-markdown's own. Why react-markdown and what it
// costs: docs/decisions/0019-markdown-through-react-markdown.md.

const remarkPlugins = [remarkGfm];

/** Emphasis, strong and strikethrough: the element and its look. */
const phrasing = {
  em: { fontStyle: 'italic' },
  strong: { fontWeight: 'bold' },
  del: { textDecoration: 'line-through' },
} as const;

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

const isTaskItem = (className: string | undefined) => className?.split(' ').includes('task-list-item') ?? false;

const headingSizes = { h1: '2xl', h2: 'xl', h3: 'lg', h4: 'md', h5: 'sm', h6: 'xs' } as const;

function heading(level: keyof typeof headingSizes) {
  return function MarkdownHeading({ children, className, id }: { children?: ReactNode; className?: string; id?: string }) {
    // The footnotes' label (remark-rehype's "Footnotes", classed sr-only): for screen readers only.
    if (className === 'sr-only') {
      return (
        <Heading as={level} id={id} srOnly>
          {children}
        </Heading>
      );
    }
    return (
      <Heading as={level} size={headingSizes[level]} mt="4" mb="2">
        {children}
      </Heading>
    );
  };
}

function phrase(element: keyof typeof phrasing) {
  return function MarkdownPhrase({ children }: { children?: ReactNode }) {
    return (
      <Text as={element} {...phrasing[element]}>
        {children}
      </Text>
    );
  };
}

/** The text of fenced code (remark-rehype writes it as `<pre><code>` holding text only). */
function codeText(node: ExtraProps['node']): { text: string; className: string | undefined } {
  const code = node?.children[0];
  if (code?.type !== 'element') return { text: '', className: undefined };
  const text = code.children.map((child) => (child.type === 'text' ? child.value : '')).join('');
  const classes = code.properties.className;
  return { text, className: Array.isArray(classes) ? classes.join(' ') : undefined };
}

const components: Components = {
  p: ({ children }) => <Text mb="3">{children}</Text>,
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
  em: phrase('em'),
  strong: phrase('strong'),
  del: phrase('del'),
  // Inline code: fenced code is drawn whole by `pre`.
  code: ({ children }) => <Code>{children}</Code>,
  pre: ({ node }) => {
    const { text, className } = codeText(node);
    return (
      <Box as="pre" bg="bg.muted" p="3" rounded="md" overflowX="auto" mb="3" fontFamily="mono" fontSize="sm">
        {className ? <code className={className}>{text}</code> : <Code>{text}</Code>}
      </Box>
    );
  },
  // The address has passed safeUrl already (urlTransform): an unsafe one is empty here.
  a: ({ node: _node, href = '', children, ...rest }) =>
    isExternal(href) ? (
      <Link {...rest} href={href} colorPalette="blue" variant="underline" target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </Link>
    ) : (
      <Link {...rest} href={href} colorPalette="blue" variant="underline">
        {children}
      </Link>
    ),
  // An unsafe address leaves the image its text and no source.
  img: ({ src, alt }) => (
    <Box asChild maxW="100%">
      <img src={typeof src === 'string' && src !== '' ? src : undefined} alt={alt ?? ''} />
    </Box>
  ),
  blockquote: ({ children }) => (
    <Box as="blockquote" borderStartWidth="4px" borderColor="border.emphasized" ps="4" color="fg.muted" mb="3">
      {children}
    </Box>
  ),
  hr: () => <Separator my="4" />,
  ul: ({ children, className }) => (
    <List.Root asChild ps="6" mb="3" listStyleType="disc">
      <ul className={className}>{children}</ul>
    </List.Root>
  ),
  ol: ({ children, start }) => (
    <List.Root asChild ps="6" mb="3" listStyleType="decimal">
      <ol start={start}>{children}</ol>
    </List.Root>
  ),
  // A task list item (remark-gfm classes it) shows its checkbox instead of a bullet.
  li: ({ children, className, id }) => (
    <List.Item className={className} id={id} listStyleType={isTaskItem(className) ? 'none' : undefined}>
      {children}
    </List.Item>
  ),
  // Task list items' boxes show the state; nobody ticks them here, yet ticked or not they read in full
  // contrast: Chakra's disabled look (half opacity) is undone and the empty box has a dark border.
  input: ({ type, checked }) =>
    type === 'checkbox' ? (
      <Checkbox.Root checked={Boolean(checked)} disabled colorPalette="blue" size="sm" verticalAlign="middle" me="2" cursor="default">
        <Checkbox.HiddenInput />
        <Checkbox.Control borderColor={checked ? undefined : 'fg.muted'} _disabled={{ opacity: '1', cursor: 'default' }}>
          <Checkbox.Indicator />
        </Checkbox.Control>
      </Checkbox.Root>
    ) : null,
  table: ({ children }) => (
    <Table.ScrollArea borderWidth="1px" rounded="md" mb="3">
      <Table.Root size="sm">{children}</Table.Root>
    </Table.ScrollArea>
  ),
  thead: ({ children }) => <Table.Header>{children}</Table.Header>,
  tbody: ({ children }) => <Table.Body>{children}</Table.Body>,
  tr: ({ children }) => <Table.Row>{children}</Table.Row>,
  th: ({ children, style }) => <Table.ColumnHeader textAlign={style?.textAlign}>{children}</Table.ColumnHeader>,
  td: ({ children, style }) => <Table.Cell textAlign={style?.textAlign}>{children}</Table.Cell>,
  // GitHub-flavoured footnotes, collected where the document ends.
  section: ({ children, className }) => (
    <>
      <Separator my="4" />
      <Box as="section" className={className} fontSize="sm">
        {children}
      </Box>
    </>
  ),
};

/** Renders user-written markdown, GitHub-flavoured (tables, strikethrough, task lists, autolinks). Raw HTML is never rendered. */
export function MarkdownView({ children: text }: { children: string | null | undefined }) {
  const t = useT();
  // The footnotes' heading and way back, in the reader's language (remark-rehype's words in English).
  const remarkRehypeOptions = useMemo(() => ({
    footnoteLabel: t('markdown.footnotes'),
    footnoteBackLabel: (reference: number, rereference: number) =>
      t('markdown.backToReference', { reference: rereference > 1 ? `${reference + 1}-${rereference}` : String(reference + 1) }),
  }), [t]);
  // A polled feed renders its notes again on every answer: each text is parsed once.
  const body = useMemo(
    () => (
      <ReactMarkdown remarkPlugins={remarkPlugins} remarkRehypeOptions={remarkRehypeOptions} components={components} urlTransform={safeUrl} skipHtml>
        {text ?? ''}
      </ReactMarkdown>
    ),
    [text, remarkRehypeOptions],
  );
  return <Box className="portal-markdown">{body}</Box>;
}
