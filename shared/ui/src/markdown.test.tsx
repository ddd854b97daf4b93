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
});

describe('Markdown as the package exports it', () => {
  it('shows the text at once and the rendered markdown once the parser has loaded', async () => {
    render(<PortalProvider><LazyMarkdown>{'# Loaded'}</LazyMarkdown></PortalProvider>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loaded' })).toBeInTheDocument();
  });
});
