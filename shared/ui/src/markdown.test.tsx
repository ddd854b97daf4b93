import { render, screen } from '@testing-library/react';
import { Markdown as LazyMarkdown } from './markdown';
import { MarkdownView as Markdown } from './markdown-view';
import { PortalProvider } from './portal-provider';

const show = (text: string) => render(<PortalProvider><Markdown>{text}</Markdown></PortalProvider>);

describe('Markdown', () => {
  it('renders headings, emphasis, lists and code as elements', () => {
    show('# Title\n\nSome **bold** words\n\n- one\n- two\n\n`x = 1`');

    expect(screen.getByRole('heading', { level: 1, name: 'Title' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('x = 1').tagName).toBe('CODE');
  });

  it('renders GitHub-flavoured tables, strikethrough, task lists and bare links', () => {
    show('| Page | State |\n| --- | --- |\n| Home | done |\n| Cart | ~~broken~~ |\n\n- [x] shipped\n- [ ] tested\n\nSee https://example.com today');

    const table = screen.getByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Page', 'State']);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByText('broken').tagName).toBe('DEL');
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(screen.getByRole('link', { name: 'https://example.com' })).toHaveAttribute('href', 'https://example.com');
  });

  it('never renders raw HTML', () => {
    const { container } = show('Hello <script>alert(1)</script><b onclick="x()">raw</b>');

    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('opens external links in a new tab without an opener and drops javascript: links', () => {
    show('[site](https://example.com) [local](/clients/4) [bad](javascript:alert(1))');

    const site = screen.getByRole('link', { name: 'site' });
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('link', { name: 'local' })).toHaveAttribute('href', '/clients/4');
    expect(screen.getByText('bad').getAttribute('href') ?? '').not.toContain('javascript');
  });
  it('draws a tight list item as its text and a loose one as paragraphs, and an ordered list from its first number', () => {
    const { container } = show('- tight\n- list\n\n3. three\n\n4. four');

    const tight = container.querySelector('ul')!;
    const ordered = container.querySelector('ol')!;
    expect(tight.querySelector('p')).toBeNull();
    expect([...tight.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['tight', 'list']);
    expect(ordered.tagName).toBe('OL');
    expect(ordered).toHaveAttribute('start', '3');
    expect(ordered.querySelectorAll('li p')).toHaveLength(2);
  });

  it('resolves reference links, draws quotes and fenced code, and numbers footnotes at the end', () => {
    const { container } = show('See [the docs][docs].\n\n[docs]: https://example.com/docs\n\n> quoted\n\n```js\nlet a = 1;\n```\n\nA claim[^src].\n\n[^src]: The source.');

    expect(screen.getByRole('link', { name: 'the docs' })).toHaveAttribute('href', 'https://example.com/docs');
    expect(container.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(container.querySelector('pre code.language-js')).toHaveTextContent('let a = 1;');
    expect(container.querySelector('sup')).toHaveTextContent('1');
    expect(container.querySelector('ol')).toHaveTextContent('The source.');
    expect(container.textContent).not.toContain('[docs]:');
  });

  it('keeps images from safe addresses only, with their text', () => {
    show('![logo](/logo.png) ![bad](javascript:alert(1))');

    expect(screen.getByRole('img', { name: 'logo' })).toHaveAttribute('src', '/logo.png');
    expect(screen.getByRole('img', { name: 'bad' })).not.toHaveAttribute('src');
  });
});

describe('Markdown, GitHub-flavoured and held to the portal\'s address rule', () => {
  it('draws a table with its header, rows and column alignment', () => {
    show('| Item | Hours |\n| :--- | ---: |\n| Design | 3 |\n| Build | 12 |');

    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Item', 'Hours']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('cell', { name: '12' })).toHaveStyle({ textAlign: 'right' });
    expect(screen.getByRole('cell', { name: 'Design' })).toHaveStyle({ textAlign: 'left' });
  });

  it('shows task list items as disabled checkboxes, ticked or not', () => {
    show('- [x] shipped\n- [ ] tested\n- plain');

    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);
    boxes.forEach((box) => expect(box).toBeDisabled());
    expect(screen.getAllByRole('listitem').map((item) => item.textContent?.trim())).toEqual(['shipped', 'tested', 'plain']);
  });

  it('shows a task list item as one clear checkbox: no bullet, and drawn in full contrast, ticked or not', () => {
    show('- [x] shipped\n- [ ] tested\n- plain');

    const [shipped, tested, plain] = screen.getAllByRole('listitem') as HTMLElement[];
    expect(shipped).toHaveStyle({ listStyleType: 'none' });
    expect(tested).toHaveStyle({ listStyleType: 'none' });
    expect(plain).not.toHaveStyle({ listStyleType: 'none' });
    // One box each, drawn by Chakra's checkbox (its control shows the state), never greyed out.
    const boxes = [shipped!, tested!].map((item) => item.querySelector('.chakra-checkbox__control'));
    expect(boxes.map((box) => box?.getAttribute('data-state'))).toEqual(['checked', 'unchecked']);
    for (const box of boxes) expect(box).toHaveStyle({ opacity: '1' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it('strikes through text between single or double tildes', () => {
    show('~~gone~~ and ~also~');

    expect(screen.getByText('gone').tagName).toBe('DEL');
    expect(screen.getByText('also').tagName).toBe('DEL');
  });

  it('links bare web and mail addresses', () => {
    show('Visit www.example.com, https://example.com/a?b=1 or mail help@example.com');

    expect(screen.getByRole('link', { name: 'www.example.com' })).toHaveAttribute('href', 'http://www.example.com');
    expect(screen.getByRole('link', { name: 'https://example.com/a?b=1' })).toHaveAttribute('href', 'https://example.com/a?b=1');
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute('href', 'mailto:help@example.com');
  });

  it('keeps the text of a javascript:, data: or vbscript: link and gives it no address (safeUrl drops it)', () => {
    const { container } = show('[one](javascript:alert(1)) [two](JavaScript:alert(2)) [three][x] <javascript:alert(4)> [five](data:text/html,hi)\n\n[x]: vbscript:msgbox(3)');

    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['one', 'two', 'three', 'javascript:alert(4)', 'five']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['', '', '', '', '']);
  });

  it('draws an image from an unsafe address as its text, without a source', () => {
    const { container } = show('![chart](data:image/svg+xml,<svg/>) ![logo](https://example.com/logo.png)');

    expect(screen.getByRole('img', { name: 'chart' })).not.toHaveAttribute('src');
    expect(screen.getByRole('img', { name: 'logo' })).toHaveAttribute('src', 'https://example.com/logo.png');
    expect(container.innerHTML).not.toContain('data:');
  });

  it('drops raw HTML, as mail does, keeping the text around it', () => {
    const { container } = show('Hello <img src=x onerror="alert(1)"><i>there</i>');

    expect(container.querySelector('img, i')).toBeNull();
    expect(container.textContent).toBe('Hello there');
  });
});

describe('Markdown as the package exports it', () => {
  it('shows the text at once and the rendered markdown once the parser has loaded', async () => {
    render(<PortalProvider><LazyMarkdown>{'# Loaded'}</LazyMarkdown></PortalProvider>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loaded' })).toBeInTheDocument();
  });
});
