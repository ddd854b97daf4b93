import { Fragment, useEffect, useId, useState, type ReactNode } from 'react';
import { Badge, Button, HStack, IconButton, Link, Stack, Table, Text } from '@chakra-ui/react';
import { KeyRound, LogOut, Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { EMPTY_CONTACT_DRAFT, MESSAGES, contactFormProblems, leavesNoPrimaryContact, type ContactDraft } from '@portal/domain';
import type { AccountSecurityAction } from '@portal/features';
import { ConfirmDialog, ErrorAlert, useConfirmedDelete } from '@portal/ui';
import { textFieldsOf, useSessionDraft } from '../../hooks/use-session-draft';
import { useT } from '../../messages';
import { ContactFieldCells, ContactRowHint, useMissingFieldsMessage } from './contact-fields';
import { useContactRowForm } from './contact-row-form';

/** One row of the table: a saved contact (contactId) or one only in the caller's list (registration). */
export interface ContactRow extends ContactDraft {
  key: string;
  contactId?: number;
  /** Has an app or a passkey (told to admins): only then is 'Reset two-factor' offered. */
  hasSecondFactor?: boolean;
}

export interface ContactsTableProps {
  rows: readonly ContactRow[];
  /** Adds the contact; answers what to tell the caller, if anything (the invitation that went). */
  onAdd(draft: ContactDraft): Promise<string | void>;
  onSave(row: ContactRow, draft: ContactDraft): Promise<unknown>;
  onRemove(row: ContactRow): Promise<unknown>;
  /** Group 1: a send-password-reset button per saved row; answers what to tell the admin. */
  onSendReset?(row: ContactRow): Promise<string>;
  /** Group 1: Reset two-factor (a row with a second factor) and Sign out everywhere per saved row (each asks for a confirmation). */
  onAccountSecurity?(row: ContactRow, action: AccountSecurityAction): void;
  /** Where the add row's half-typed contact is kept (session storage) so a reload shows it. */
  newContactDraftKey?: string;
}

/** A contact's name as the table shows it in its buttons' names and its confirmations. */
export const fullName = (row: ContactDraft) => `${row.first_name} ${row.last_name}`.trim();
const draftOf = ({ title, first_name, last_name, email, phone, primary }: ContactDraft): ContactDraft => ({
  title, first_name, last_name, email, phone, primary,
});

/** A stored add-row draft, if it still reads as one. */
function storedContactDraft(stored: unknown): ContactDraft | null {
  const fields = textFieldsOf(stored, ['title', 'first_name', 'last_name', 'email', 'phone']);
  if (fields === null) return null;
  return { ...fields, primary: (stored as { primary?: unknown }).primary === 1 ? 1 : 0 };
}

/** An icon button of a saved row: its action as a tooltip, and who it acts on in its name. */
function RowAction({ action, label, disabled, onClick, children }: { action: string; label: string; disabled: boolean; onClick(): void; children: ReactNode }) {
  return (
    <IconButton size="xs" variant="ghost" aria-label={label} title={action} disabled={disabled} onClick={onClick}>
      {children}
    </IconButton>
  );
}

/**
 * The contacts table (docs/product/companies-and-contacts.md#contacts, #contact-validation): each row is viewed, edited with the pencil, then saved or
 * cancelled; an add row below; removal behind a confirmation. Checks come from the domain's
 * contactFormProblems; Save and Add stay disabled while the contact is invalid, and say why: each
 * bad field at the field, the empty ones on a line under the row. A failed call keeps what was
 * typed and shows the server's message; the add row's draft survives a reload.
 */
export function ContactsTable({ rows, onAdd, onSave, onRemove, onSendReset, onAccountSecurity, newContactDraftKey }: ContactsTableProps) {
  const t = useT();
  const missingFields = useMissingFieldsMessage();
  // The row being edited, by key; its values are editForm's.
  const [editing, setEditing] = useState<string | null>(null);
  const { value: stored, update: keepAdding, clear: clearAdding } = useSessionDraft<ContactDraft>(
    newContactDraftKey, EMPTY_CONTACT_DRAFT, storedContactDraft,
  );
  const emailsExcept = (key: string | null) => rows.filter((row) => row.key !== key).map((row) => row.email);
  const addForm = useContactRowForm(stored, emailsExcept(null));
  const editForm = useContactRowForm(EMPTY_CONTACT_DRAFT, emailsExcept(editing));
  const adding = addForm.watch();
  const edited = editForm.watch();
  // Every change of the add row is kept for a reload (docs/product/companies-and-contacts.md#drafts).
  useEffect(() => {
    const subscription = addForm.watch(() => keepAdding(draftOf(addForm.getValues())));
    return () => subscription.unsubscribe();
  }, [addForm, keepAdding]);
  const hintId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const removal = useConfirmedDelete(onRemove, {
    onError: (message) => {
      setError(message);
      setNotice(null);
    },
  });
  const busy = saving || removal.busy;

  const addProblems = contactFormProblems(adding, emailsExcept(null));
  const editProblems = editing ? contactFormProblems(edited, emailsExcept(editing)) : [];
  const describedBy = (id: string, draft: ContactDraft) => (missingFields(draft) === null ? undefined : id);
  // The API refuses to leave a company without a primary contact; say so before it is asked.
  const flags = rows.map((row, index) => ({ contactId: index, primary: row.primary }));
  const lastPrimary = (row: ContactRow, change: { primary: 0 | 1 } | { removed: true }) =>
    leavesNoPrimaryContact(flags, { contactId: rows.indexOf(row), ...change });
  const editedRow = editing ? rows.find((row) => row.key === editing) : undefined;
  const demotesLastPrimary = editedRow ? lastPrimary(editedRow, { primary: edited.primary === 1 ? 1 : 0 }) : false;

  async function run(action: () => Promise<unknown>, after?: () => void) {
    setSaving(true);
    setError(null);
    setNotice(null);
    try {
      await action();
      after?.();
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="3">
      <ErrorAlert message={error ?? (demotesLastPrimary ? MESSAGES.lastPrimaryContact : null)} />
      {notice ? <Text role="status" color="green.700">{notice}</Text> : null}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-label={t('contacts.table')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('contacts.title')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contacts.firstName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contacts.lastName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contacts.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contacts.phone')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contacts.primary')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('contacts.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) =>
              editing === row.key ? (
                <Fragment key={row.key}>
                  <Table.Row>
                    <ContactFieldCells form={editForm} problems={editProblems} labelPrefix={fullName(row)} />
                    <Table.Cell>
                      <HStack gap="1">
                        <Button
                          size="xs"
                          colorPalette="blue"
                          disabled={editProblems.length > 0 || demotesLastPrimary || busy}
                          aria-describedby={describedBy(`${hintId}-edit`, edited)}
                          onClick={() => void editForm.handleSubmit((draft) => run(() => onSave(row, draftOf(draft)), () => setEditing(null)))()}
                        >
                          {t('contacts.save')}
                        </Button>
                        <Button size="xs" variant="ghost" onClick={() => setEditing(null)} disabled={busy}>
                          {t('contacts.cancel')}
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                  <ContactRowHint id={`${hintId}-edit`} draft={edited} />
                </Fragment>
              ) : (
                <Table.Row key={row.key}>
                  <Table.Cell>{row.title}</Table.Cell>
                  <Table.Cell>{row.first_name}</Table.Cell>
                  <Table.Cell>{row.last_name}</Table.Cell>
                  <Table.Cell>
                    <Link href={`mailto:${row.email}`} colorPalette="blue">{row.email}</Link>
                  </Table.Cell>
                  <Table.Cell>{row.phone}</Table.Cell>
                  <Table.Cell>{row.primary === 1 ? <Badge colorPalette="green">{t('contacts.primary')}</Badge> : null}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={t('contacts.edit', { name: fullName(row) })}
                        disabled={busy || editing !== null}
                        onClick={() => {
                          editForm.reset(draftOf(row));
                          setEditing(row.key);
                        }}
                      >
                        <Pencil />
                      </IconButton>
                      {onSendReset && row.contactId !== undefined ? (
                        <RowAction action={t('contacts.sendReset')} label={t('contacts.sendResetTo', { name: fullName(row) })} disabled={busy} onClick={() => void run(async () => setNotice(await onSendReset(row)))}>
                          <KeyRound />
                        </RowAction>
                      ) : null}
                      {onAccountSecurity && row.contactId !== undefined ? (
                        <>
                          {row.hasSecondFactor ? (
                            <RowAction action={t('contacts.resetSecondFactor')} label={t('contacts.resetSecondFactorFor', { name: fullName(row) })} disabled={busy} onClick={() => onAccountSecurity(row, 'reset-second-factor')}>
                              <ShieldOff />
                            </RowAction>
                          ) : null}
                          <RowAction action={t('contacts.endSessions')} label={t('contacts.endSessionsFor', { name: fullName(row) })} disabled={busy} onClick={() => onAccountSecurity(row, 'end-sessions')}>
                            <LogOut />
                          </RowAction>
                        </>
                      ) : null}
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('contacts.remove', { name: fullName(row) })}
                        disabled={busy}
                        onClick={() => (lastPrimary(row, { removed: true }) ? setError(MESSAGES.lastPrimaryContact) : removal.ask(row))}
                      >
                        <Trash2 />
                      </IconButton>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ),
            )}
            <Table.Row>
              <ContactFieldCells form={addForm} problems={addProblems} labelPrefix={t('contacts.newContact')} />
              <Table.Cell>
                <Button
                  size="xs"
                  colorPalette="blue"
                  disabled={addProblems.length > 0 || busy}
                  aria-describedby={describedBy(`${hintId}-add`, adding)}
                  onClick={() => void addForm.handleSubmit((draft) => run(async () => {
                    const said = await onAdd(draftOf(draft));
                    if (said) setNotice(said);
                  }, () => {
                    addForm.reset(EMPTY_CONTACT_DRAFT);
                    clearAdding(EMPTY_CONTACT_DRAFT);
                  }))()}
                >
                  {t('contacts.add')}
                </Button>
              </Table.Cell>
            </Table.Row>
            <ContactRowHint id={`${hintId}-add`} draft={adding} />
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length === 0 ? <Text color="fg.muted">{t('contacts.empty')}</Text> : null}
      <ConfirmDialog
        {...removal.dialog}
        title={t('contacts.removeTitle')}
        message={removal.pending ? t('contacts.removeMessage', { name: fullName(removal.pending) }) : ''}
        confirmLabel={t('contacts.removeConfirm')}
      />
    </Stack>
  );
}
