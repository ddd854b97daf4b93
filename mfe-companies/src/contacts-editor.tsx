// The federation surface `companies/ContactsEditor`; its props are `ContactsEditorProps` in @portal/ui.
import { settingsMessages } from '@portal/features';
import { companiesMessages } from './messages';

// Loaded by another remote without this one's routes: the person's language starts loading as soon as the
// component is imported, so it usually arrives before the first paint (docs/decisions/0024-message-catalogues.md).
void companiesMessages.preload();
// Its account-security actions and password dialog are shared widgets, with texts of their own.
void settingsMessages.preload();

export { ContactsEditor } from './features/contacts/contacts-editor';
