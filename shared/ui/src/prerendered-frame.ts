// docs/product/languages.md: the shell's frame (header and footer) of a public page is rendered once, at build time,
// in English. Where the shell then takes the page over, React draws the frame again in the reader's language. The
// sign-in page runs without the shell (mfe-auth/src/sign-in), so its frame would stay English: the prerendered frame
// carries its few texts in every language (shell/src/prerender.tsx), each marked element names its message, and the
// page's own script puts the reader's in place, and again at each switch of the language picker. A subpath of its own
// (@portal/ui/prerendered-frame), like prerendered-fields: the sign-in page's script bundles it.

/** The frame's block of texts: by language, each message's text (a JSON script element). */
export const FRAME_TEXTS_BLOCK_ID = 'portal-frame-texts';

/** The frame's texts, by language and message key. */
export type FrameTexts = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** Marks an element whose text is the message `key`. */
export const frameText = (key: string) => ({ 'data-portal-text': key });

/** Marks an element whose accessible name (aria-label) is the message `key`. */
export const frameLabel = (key: string) => ({ 'data-portal-label': key });

function frameTexts(doc: Document): FrameTexts {
  try {
    const texts: unknown = JSON.parse(doc.getElementById(FRAME_TEXTS_BLOCK_ID)?.textContent ?? '{}');
    return texts && typeof texts === 'object' ? (texts as FrameTexts) : {};
  } catch {
    return {};
  }
}

/**
 * Puts the prerendered frame's texts of `language` in place. A language the block lacks (the pseudo-locale) reads
 * `fallback` of the English text; without one, the frame keeps what it shows.
 */
export function speakPrerenderedFrame(doc: Document, language: string, fallback?: (english: string) => string): void {
  const texts = frameTexts(doc);
  const say = (key: string | null): string | undefined => {
    if (!key) return undefined;
    const own = texts[language]?.[key];
    const english = texts.en?.[key];
    return own ?? (english !== undefined && fallback ? fallback(english) : undefined);
  };
  for (const element of doc.querySelectorAll<HTMLElement>('[data-portal-text]')) {
    const text = say(element.getAttribute('data-portal-text'));
    if (text !== undefined) element.textContent = text;
  }
  for (const element of doc.querySelectorAll<HTMLElement>('[data-portal-label]')) {
    const text = say(element.getAttribute('data-portal-label'));
    if (text !== undefined) element.setAttribute('aria-label', text);
  }
}
