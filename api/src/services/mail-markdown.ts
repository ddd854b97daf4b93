import type { Element, Root } from 'hast';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// The one Markdown-to-HTML pipeline of mail (docs/product/notifications-and-mail.md#markdown-in-mail): the
// screen's parser and GitHub-flavoured extension (remark-parse + remark-gfm are mdast-util-from-markdown with
// the GFM extensions, as in @portal/ui's MarkdownView), turned into HTML by remark-rehype. So a mail shows what the screen shows:
// tables, strikethrough, task lists and autolinks. Raw HTML in the text is dropped (remark-rehype keeps
// none without allowDangerousHtml, as the screen draws none); rehype-sanitize then keeps only GitHub's
// allow-list of elements, attributes and link schemes (no javascript: or data:), and rehype-stringify
// writes the HTML with every text and attribute escaped. Relative links are made absolute against
// PUBLIC_URL when it is given, and tables get the attributes mail programs need (they apply no style sheet).

/** Mail programs show a table as one only with these. */
const TABLE_ATTRIBUTES = { border: '1', cellPadding: '6', cellSpacing: '0', style: 'border-collapse: collapse' };

function absolute(url: unknown, baseUrl: string): unknown {
  if (typeof url !== 'string' || url.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return new URL(url, `${baseUrl}/`).toString();
  } catch {
    return undefined;
  }
}

/** After sanitizing: the mail-only touches (absolute links, table attributes). */
function mailTouches(baseUrl: string | undefined) {
  return () => (tree: Root) => {
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        if (child.tagName === 'table') Object.assign(child.properties, TABLE_ATTRIBUTES);
        if (baseUrl) {
          for (const name of ['href', 'src'] as const) {
            if (name in child.properties) child.properties[name] = absolute(child.properties[name], baseUrl) as string | undefined;
          }
        }
        visit(child);
      }
    };
    visit(tree);
  };
}

/**
 * A person's Markdown as mail HTML, GitHub-flavoured like the screen (see the notes at the top).
 * `baseUrl`: PUBLIC_URL, against which relative links resolve; without it they stay as written.
 */
export function markdownToMailHtml(markdown: string, options: { baseUrl?: string } = {}): string {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize, defaultSchema)
    .use(mailTouches(options.baseUrl))
    .use(rehypeStringify);
  return String(processor.processSync(markdown));
}
