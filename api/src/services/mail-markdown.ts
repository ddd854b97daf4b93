import type { Element, Root, Text } from 'hast';
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
// No image is loaded by a mail: an image from elsewhere tells its sender who opened the mail and when (a
// tracking pixel), and the portal's own attachments need a signed-in browser anyway. So an image becomes a
// link to it with its text (inside a link, its text alone).

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

function imageText(image: Element, source: string | undefined): string {
  const alt = image.properties.alt;
  return typeof alt === 'string' && alt !== '' ? alt : (source ?? '');
}

/** An image as a link to it with its text; inside a link (where another link may not go), its text. */
function imageAsLink(image: Element, insideLink: boolean): Element | Text {
  const source = typeof image.properties.src === 'string' && image.properties.src !== '' ? image.properties.src : undefined;
  const text: Text = { type: 'text', value: imageText(image, source) };
  if (insideLink || !source) return text;
  return { type: 'element', tagName: 'a', properties: { href: source }, children: [text] };
}

/** After sanitizing: the mail-only touches (images as links, absolute links, table attributes). */
function mailTouches(baseUrl: string | undefined) {
  return () => (tree: Root) => {
    const visit = (node: Root | Element, insideLink: boolean) => {
      node.children = node.children.map((child) =>
        child.type === 'element' && child.tagName === 'img' ? imageAsLink(child, insideLink) : child) as typeof node.children;
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        if (child.tagName === 'table') Object.assign(child.properties, TABLE_ATTRIBUTES);
        if (baseUrl) {
          for (const name of ['href', 'src'] as const) {
            if (name in child.properties) child.properties[name] = absolute(child.properties[name], baseUrl) as string | undefined;
          }
        }
        visit(child, insideLink || child.tagName === 'a');
      }
    };
    visit(tree, false);
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
