import { Box, Code, Heading, Link, List, Separator, Table, Text } from '@chakra-ui/react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeUrl } from './safe-url';

const headingSizes = { h1: '2xl', h2: 'xl', h3: 'lg', h4: 'md', h5: 'sm', h6: 'xs' } as const;

function heading(level: keyof typeof headingSizes): Components[keyof typeof headingSizes] {
  return ({ children }) => (
    <Heading as={level} size={headingSizes[level]} mt="4" mb="2">
      {children}
    </Heading>
  );
}

function isExternal(href: string | undefined): boolean {
  return !!href && /^(https?:)?\/\//i.test(href);
}

// Chakra's reset strips the browser's default element styles, so every element is mapped.
const components: Components = {
  h1: heading('h1'),
  h2: heading('h2'),
  h3: heading('h3'),
  h4: heading('h4'),
  h5: heading('h5'),
  h6: heading('h6'),
  p: ({ children }) => <Text mb="3">{children}</Text>,
  a: ({ href, children }) =>
    isExternal(href) ? (
      <Link href={href} colorPalette="blue" variant="underline" target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </Link>
    ) : (
      <Link href={href} colorPalette="blue" variant="underline">
        {children}
      </Link>
    ),
  ul: ({ children }) => (
    <List.Root as="ul" ps="6" mb="3" listStyleType="disc">
      {children}
    </List.Root>
  ),
  ol: ({ children }) => (
    <List.Root as="ol" ps="6" mb="3" listStyleType="decimal">
      {children}
    </List.Root>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  blockquote: ({ children }) => (
    <Box as="blockquote" borderStartWidth="4px" borderColor="border.emphasized" ps="4" color="fg.muted" mb="3">
      {children}
    </Box>
  ),
  pre: ({ children }) => (
    <Box as="pre" bg="bg.muted" p="3" rounded="md" overflowX="auto" mb="3" fontFamily="mono" fontSize="sm">
      {children}
    </Box>
  ),
  code: ({ children, className }) =>
    className ? <code className={className}>{children}</code> : <Code>{children}</Code>,
  hr: () => <Separator my="4" />,
  strong: ({ children }) => (
    <Text as="strong" fontWeight="bold">
      {children}
    </Text>
  ),
  em: ({ children }) => (
    <Text as="em" fontStyle="italic">
      {children}
    </Text>
  ),
  // GitHub-flavoured Markdown (remark-gfm): tables, strikethrough, task lists and bare links, as the editor writes them.
  table: ({ children }) => (
    <Table.ScrollArea borderWidth="1px" rounded="md" mb="3">
      <Table.Root size="sm">{children}</Table.Root>
    </Table.ScrollArea>
  ),
  thead: ({ children }) => <Table.Header>{children}</Table.Header>,
  tbody: ({ children }) => <Table.Body>{children}</Table.Body>,
  tr: ({ children }) => <Table.Row>{children}</Table.Row>,
  th: ({ children }) => <Table.ColumnHeader>{children}</Table.ColumnHeader>,
  td: ({ children }) => <Table.Cell>{children}</Table.Cell>,
  del: ({ children }) => (
    <Text as="del" textDecoration="line-through">
      {children}
    </Text>
  ),
  img: ({ src, alt }) => (
    <Box asChild maxW="100%">
      <img src={typeof src === 'string' ? src : undefined} alt={alt ?? ''} />
    </Box>
  ),
};

/** Renders user-written markdown, GitHub-flavoured (tables, strikethrough, task lists, autolinks). Raw HTML is never rendered. */
export function MarkdownView({ children }: { children: string | null | undefined }) {
  return (
    <Box className="portal-markdown">
      <ReactMarkdown skipHtml remarkPlugins={[remarkGfm]} components={components} urlTransform={safeUrl}>
        {children ?? ''}
      </ReactMarkdown>
    </Box>
  );
}
