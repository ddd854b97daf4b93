import { Fragment, useMemo, type ReactNode } from 'react';
import { Box, Code, Heading, Link, List, Separator, Table, Text } from '@chakra-ui/react';
import type { Definition, FootnoteDefinition, List as ListNode, Nodes, Parents, Root, TableRow } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { safeUrl } from './safe-url';

// The parser is the one mail uses (remark-parse is mdast-util-from-markdown, remark-gfm is these two
// GFM extensions: api/src/services/mail-markdown.ts), so a note reads the same on the screen and in
// mail. The syntax tree is drawn straight into the portal's Chakra components: no HTML step (and no
// raw HTML, which is dropped), so the page loads about half the code react-markdown would bring.

const headingSizes = { 1: '2xl', 2: 'xl', 3: 'lg', 4: 'md', 5: 'sm', 6: 'xs' } as const;

/** Emphasis, strong and strikethrough: the element and its look (Chakra's reset takes the browser's away). */
const phrasing = {
  emphasis: { as: 'em', style: { fontStyle: 'italic' } },
  strong: { as: 'strong', style: { fontWeight: 'bold' } },
  delete: { as: 'del', style: { textDecoration: 'line-through' } },
} as const;

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/** What the whole document knows while drawing one node: link definitions and footnote numbers. */
interface Context {
  definitions: Map<string, Definition>;
  footnotes: Map<string, FootnoteDefinition>;
  /** Defined footnotes' identifiers in the order they are first referenced (their numbers, from 1). */
  footnoteOrder: string[];
  /** Inside a tight list item: paragraphs draw as their text only (as GitHub and react-markdown do). */
  tight: boolean;
}

function children(node: Parents, context: Context): ReactNode {
  return node.children.map((child, index) => <Fragment key={index}>{draw(child, context)}</Fragment>);
}

function link(href: string, content: ReactNode): ReactNode {
  const url = safeUrl(href);
  return isExternal(url) ? (
    <Link href={url} colorPalette="blue" variant="underline" target="_blank" rel="noopener noreferrer nofollow">
      {content}
    </Link>
  ) : (
    <Link href={url} colorPalette="blue" variant="underline">
      {content}
    </Link>
  );
}

function image(url: string, alt: string | null | undefined): ReactNode {
  return (
    <Box asChild maxW="100%">
      <img src={safeUrl(url) || undefined} alt={alt ?? ''} />
    </Box>
  );
}

/** A list is loose (its items' paragraphs keep their spacing) when it or any item is spread. */
function isLoose(list: ListNode): boolean {
  return Boolean(list.spread) || list.children.some((item) => item.spread);
}

function tableRow(row: TableRow, header: boolean, align: ('left' | 'right' | 'center' | null)[], context: Context): ReactNode {
  const Cell = header ? Table.ColumnHeader : Table.Cell;
  return (
    <Table.Row>
      {row.children.map((cell, index) => (
        <Cell key={index} textAlign={align[index] ?? undefined}>
          {children(cell, context)}
        </Cell>
      ))}
    </Table.Row>
  );
}

// Chakra's reset strips the browser's default element styles, so every element is drawn with a component.
function draw(node: Nodes, context: Context): ReactNode {
  switch (node.type) {
    case 'root':
      return children(node, context);
    case 'paragraph':
      return context.tight ? children(node, context) : <Text mb="3">{children(node, context)}</Text>;
    case 'heading':
      return (
        <Heading as={`h${node.depth}`} size={headingSizes[node.depth]} mt="4" mb="2">
          {children(node, context)}
        </Heading>
      );
    case 'text':
      return node.value;
    case 'emphasis':
    case 'strong':
    case 'delete': {
      const { as, style } = phrasing[node.type];
      return (
        <Text as={as} {...style}>
          {children(node, context)}
        </Text>
      );
    }
    case 'inlineCode':
      return <Code>{node.value}</Code>;
    case 'break':
      return <br />;
    case 'link':
      return link(node.url, children(node, context));
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      return definition ? link(definition.url, children(node, context)) : children(node, context);
    }
    case 'image':
      return image(node.url, node.alt);
    case 'imageReference': {
      const definition = context.definitions.get(node.identifier);
      return definition ? image(definition.url, node.alt) : node.alt;
    }
    case 'blockquote':
      return (
        <Box as="blockquote" borderStartWidth="4px" borderColor="border.emphasized" ps="4" color="fg.muted" mb="3">
          {children(node, { ...context, tight: false })}
        </Box>
      );
    case 'code':
      return (
        <Box as="pre" bg="bg.muted" p="3" rounded="md" overflowX="auto" mb="3" fontFamily="mono" fontSize="sm">
          {node.lang ? <code className={`language-${node.lang}`}>{`${node.value}\n`}</code> : <Code>{`${node.value}\n`}</Code>}
        </Box>
      );
    case 'thematicBreak':
      return <Separator my="4" />;
    case 'list': {
      const itemContext = { ...context, tight: !isLoose(node) };
      const items = node.children.map((item, index) => (
        <List.Item key={index}>
          {typeof item.checked === 'boolean' && (
            <>
              <input type="checkbox" checked={item.checked} disabled readOnly />{' '}
            </>
          )}
          {children(item, itemContext)}
        </List.Item>
      ));
      return (
        <List.Root asChild ps="6" mb="3" listStyleType={node.ordered ? 'decimal' : 'disc'}>
          {node.ordered ? <ol start={node.start ?? undefined}>{items}</ol> : <ul>{items}</ul>}
        </List.Root>
      );
    }
    // GitHub-flavoured Markdown: tables, strikethrough (above), task lists (in lists), autolinks (links) and footnotes.
    case 'table': {
      const align = node.align ?? [];
      const [head, ...body] = node.children;
      return (
        <Table.ScrollArea borderWidth="1px" rounded="md" mb="3">
          <Table.Root size="sm">
            {head && <Table.Header>{tableRow(head, true, align, context)}</Table.Header>}
            {body.length > 0 && (
              <Table.Body>
                {body.map((row, index) => (
                  <Fragment key={index}>{tableRow(row, false, align, context)}</Fragment>
                ))}
              </Table.Body>
            )}
          </Table.Root>
        </Table.ScrollArea>
      );
    }
    case 'footnoteReference': {
      const number = context.footnoteOrder.indexOf(node.identifier) + 1;
      return number > 0 ? <sup>{number}</sup> : `[^${node.label ?? node.identifier}]`;
    }
    // Drawn where the document ends (footnoteDefinition), or not at all (definition, raw HTML: never rendered).
    default:
      return null;
  }
}

/** The document's link definitions, and its footnotes numbered in the order the text first refers to them. */
function collect(root: Root): Context {
  const context: Context = { definitions: new Map(), footnotes: new Map(), footnoteOrder: [], tight: false };
  const referenced: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'definition' && !context.definitions.has(node.identifier)) context.definitions.set(node.identifier, node);
    if (node.type === 'footnoteDefinition' && !context.footnotes.has(node.identifier)) context.footnotes.set(node.identifier, node);
    if (node.type === 'footnoteReference' && !referenced.includes(node.identifier)) referenced.push(node.identifier);
    if ('children' in node) node.children.forEach(visit);
  };
  visit(root);
  context.footnoteOrder = referenced.filter((id) => context.footnotes.has(id));
  return context;
}

function drawDocument(text: string): ReactNode {
  const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const context = collect(tree);
  const notes = context.footnoteOrder.map((id) => context.footnotes.get(id)!);
  return (
    <>
      {draw(tree, context)}
      {notes.length > 0 && (
        <>
          <Separator my="4" />
          <List.Root as="ol" ps="6" mb="3" listStyleType="decimal" fontSize="sm">
            {notes.map((note, index) => (
              <List.Item key={index}>{children(note, { ...context, tight: true })}</List.Item>
            ))}
          </List.Root>
        </>
      )}
    </>
  );
}

/** Renders user-written markdown, GitHub-flavoured (tables, strikethrough, task lists, autolinks). Raw HTML is never rendered. */
export function MarkdownView({ children: text }: { children: string | null | undefined }) {
  // A polled feed renders its notes again on every answer: each text is parsed once.
  const body = useMemo(() => drawDocument(text ?? ''), [text]);
  return <Box className="portal-markdown">{body}</Box>;
}
