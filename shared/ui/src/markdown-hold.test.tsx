import { act, render, screen } from '@testing-library/react';
import { Markdown, MarkdownHold, preloadMarkdown } from './markdown';
import { PortalProvider } from './portal-provider';

// A file of its own: the renderer is not loaded yet when the first test starts.

describe('Markdown while its renderer loads', () => {
  it('inside a MarkdownHold shows the hold\'s fallback, never the plain text, until the note can be drawn', async () => {
    const shown: string[] = [];
    const watch = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    // Awaited: a render that suspends (React's use) resumes only in an awaited act.
    await act(async () => {
      render(
        <PortalProvider>
          <MarkdownHold fallback={<p>Loading…</p>}>
            <Markdown>{'Some **bold** words'}</Markdown>
          </MarkdownHold>
        </PortalProvider>,
      );
    });
    watch.disconnect();

    expect(shown.find((text) => text !== '')).toBe('Loading…');
    expect(shown.filter((text) => text.includes('**'))).toEqual([]);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('draws a note in its first render once preloadMarkdown has loaded the renderer', async () => {
    await preloadMarkdown();
    render(<PortalProvider><Markdown>{'# Ready'}</Markdown></PortalProvider>);

    expect(screen.getByRole('heading', { level: 1, name: 'Ready' })).toBeInTheDocument();
  });
});
