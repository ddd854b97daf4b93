import { FRAME_TEXTS_BLOCK_ID, speakPrerenderedFrame } from './prerendered-frame';

// A prerendered frame as shell/src/prerender.tsx writes it: English marked texts and the block of every language's.
function frame(texts: unknown = {
  en: { 'footer.copyright': '© 2026 Web Agency Support. All rights reserved.', 'logo.home': 'Support Portal home' },
  de: { 'footer.copyright': '© 2026 Web Agency Support. Alle Rechte vorbehalten.', 'logo.home': 'Support Portal – Startseite' },
}): void {
  document.body.innerHTML = `
    <header><a href="/login" aria-label="Support Portal home" data-portal-label="logo.home"><p>Support Portal</p></a></header>
    <footer><p data-portal-text="footer.copyright">© 2026 Web Agency Support. All rights reserved.</p></footer>
    <script type="application/json" id="${FRAME_TEXTS_BLOCK_ID}">${JSON.stringify(texts)}</script>`;
}
const footer = () => document.querySelector('footer')!.textContent;
const home = () => document.querySelector('a')!.getAttribute('aria-label');

describe('a prerendered frame in the reader\'s language', () => {
  it('takes the texts of the language from the block, and English again', () => {
    frame();
    speakPrerenderedFrame(document, 'de');
    expect(footer()).toBe('© 2026 Web Agency Support. Alle Rechte vorbehalten.');
    expect(home()).toBe('Support Portal – Startseite');
    expect(document.querySelector('header p')!.textContent).toBe('Support Portal');
    speakPrerenderedFrame(document, 'en');
    expect(footer()).toBe('© 2026 Web Agency Support. All rights reserved.');
    expect(home()).toBe('Support Portal home');
  });

  it('reads a language the block lacks through the fallback of its English, and keeps the frame without one', () => {
    frame();
    speakPrerenderedFrame(document, 'en-XA', (english) => `⟦${english}⟧`);
    expect(home()).toBe('⟦Support Portal home⟧');
    frame();
    speakPrerenderedFrame(document, 'fr');
    expect(footer()).toBe('© 2026 Web Agency Support. All rights reserved.');
  });

  it('leaves the frame as it is when the block is missing or not JSON', () => {
    frame();
    document.getElementById(FRAME_TEXTS_BLOCK_ID)!.textContent = '{not json';
    speakPrerenderedFrame(document, 'de');
    expect(footer()).toBe('© 2026 Web Agency Support. All rights reserved.');
  });
});
