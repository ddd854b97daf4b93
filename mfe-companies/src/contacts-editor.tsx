// The federation surface `companies/ContactsEditor`; its props are `ContactsEditorProps` in @portal/ui.
export { ContactsEditor } from './features/contacts/contacts-editor';
