import { act, render, screen } from '@testing-library/react';
import { useSession } from '@portal/session';
import { createMessages } from './react';

const english = { heading: 'Your tickets', open: '{count, plural, one {# open} other {# open}}' };
const german = { heading: 'Ihre Tickets', open: '{count, plural, one {# offen} other {# offen}}' };

describe('createMessages', () => {
  afterEach(() => act(() => useSession.getState().setLanguage('en')));

  it("speaks the session's language, loading that catalogue once, and follows a switch", async () => {
    const load = jest.fn(async () => ({ default: german }));
    const messages = createMessages(english, load);
    function Heading() {
      const t = messages.useT();
      return <h1>{t('heading')} · {t('open', { count: 2 })}</h1>;
    }
    act(() => useSession.getState().setLanguage('de'));
    await messages.preload();
    render(<Heading />);
    expect(screen.getByRole('heading')).toHaveTextContent('Ihre Tickets · 2 offen');
    act(() => useSession.getState().setLanguage('en'));
    expect(screen.getByRole('heading')).toHaveTextContent('Your tickets · 2 open');
    act(() => useSession.getState().setLanguage('de'));
    expect(screen.getByRole('heading')).toHaveTextContent('Ihre Tickets');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows English while a language arrives, then renders it without a reload', async () => {
    let deliver: (value: { default: typeof german }) => void = () => undefined;
    const messages = createMessages(english, () => new Promise((resolve) => (deliver = resolve)));
    function Heading() {
      return <h1>{messages.useT()('heading')}</h1>;
    }
    render(<Heading />);
    act(() => useSession.getState().setLanguage('de'));
    expect(screen.getByRole('heading')).toHaveTextContent('Your tickets');
    await act(async () => deliver({ default: german }));
    expect(screen.getByRole('heading')).toHaveTextContent('Ihre Tickets');
  });
});

describe('the pseudo-locale', () => {
  afterEach(() => act(() => useSession.getState().setLanguage('en')));

  it('is made from English without a catalogue of its own', async () => {
    const load = jest.fn(async () => ({ default: german }));
    const messages = createMessages(english, load);
    function Heading() {
      return <h1>{messages.useT()('open', { count: 3 })}</h1>;
    }
    act(() => useSession.getState().setLanguage('en-XA'));
    await messages.preload();
    render(<Heading />);
    expect(screen.getByRole('heading')).toHaveTextContent('⟦3 óþéñ~~⟧');
    expect(load).not.toHaveBeenCalled();
  });
});
