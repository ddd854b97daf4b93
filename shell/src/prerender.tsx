import type { ReactElement } from 'react';
import { LANGUAGES, type Language } from '@portal/domain';
import { createTranslator, type Catalogue } from '@portal/i18n';
import { FRAME_TEXTS_BLOCK_ID, type FrameTexts } from '@portal/ui/prerendered-frame';
import { BellSpace, LanguageSpace, SearchSpace } from './components/header-room';
import { Header, HeaderView, type HeaderPerson } from './features/header/header';
import { homeLabel } from './features/header/logo';
import { copyrightLine } from './layout/footer';
import { ShellFrame } from './layout/shell-layout';
import type { ShellKey } from './messages';
import german from './messages/de.json';
import english from './messages/en.json';

const CATALOGUES: Record<Language, Catalogue> = { en: english, de: german };

/**
 * The public frame's texts in every language (@portal/ui/prerendered-frame): the sign-in page, which runs without the
 * shell, puts the reader's in place of the English the frame is rendered in.
 */
function frameTexts(): FrameTexts {
  return Object.fromEntries(LANGUAGES.map((language) => {
    const t = createTranslator<ShellKey>(language, CATALOGUES[language], english);
    return [language, { 'footer.copyright': copyrightLine(t), 'logo.home': homeLabel(t) }];
  }));
}

/** The frame's texts as a JSON block ('<' written as an escape, so no text can close the script). */
function FrameTextsBlock() {
  const json = JSON.stringify(frameTexts()).replace(/</g, '\\u003c');
  return <script type="application/json" id={FRAME_TEXTS_BLOCK_ID} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** Where the server writes a remote's prerendered page into the shell's frame (server/lib/page-hints.ts). */
export const PAGE_SLOT = '<template data-portal-slot=""></template>';

/**
 * The shell's part of a page rendered at build time (server/lib/prerender.ts): its frame as a
 * signed-out visitor sees it, under '/', with the slot the owning remote's prerendered page goes into
 * (docs/architecture.md#weight).
 */
export const prerenderedPages: Record<string, ReactElement> = {
  '/': (
    <ShellFrame live={false} header={<Header />}>
      <template data-portal-slot="" />
      <FrameTextsBlock />
    </ShellFrame>
  ),
};

// What the server fills in from the visitor's own GET /api/auth/me (server/lib/page-hints.ts signedInPage);
// `dashboard` without its leading slash, which a link's `to` needs to stay an absolute path here.
const person = (adminLinks: boolean): HeaderPerson => ({
  firstName: '{{contact.first_name}}', lastName: '{{contact.last_name}}', contactId: '{{contact.contact_id}}', dashboard: '/{{dashboard}}', adminLinks,
});

/**
 * The frame around a signed-in first screen: the header as the app shows it, with the room the bell and
 * the search box take until they load with the app, one for staff and clients and one with the admins' links.
 */
export const signedInPages: Record<string, ReactElement> = {
  frame: (
    <ShellFrame live={false} signedIn header={<HeaderView person={person(false)} search={<SearchSpace />} bell={<BellSpace />} language={<LanguageSpace />} />}>
      <template data-portal-slot="" />
    </ShellFrame>
  ),
  'frame-admin': (
    <ShellFrame live={false} signedIn header={<HeaderView person={person(true)} search={<SearchSpace />} bell={<BellSpace />} language={<LanguageSpace />} />}>
      <template data-portal-slot="" />
    </ShellFrame>
  ),
};

/** What every signed-in page reads first, for the server to write into the page (server/lib/first-reads.ts). */
export { pageReads } from './page-reads';
