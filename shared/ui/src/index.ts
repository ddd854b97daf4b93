export { portalSystem, portalConfig } from './system';
export { PortalProvider } from './portal-provider';
export { cspNonce } from './csp-nonce';
export { Markdown, MarkdownHold, preloadMarkdown, safeUrl } from './markdown';
export { MarkdownEditor } from './markdown-editor';
export type { MarkdownEditorHandle, MarkdownEditorProps } from './markdown-editor';
export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export { useDialogButton } from './use-dialog-button';
export { useConfirmedDelete } from './use-confirmed-delete';
export type { ConfirmedDelete, ConfirmedDeleteOptions } from './use-confirmed-delete';
export {
  Money, WholeMoney, Duration, DateText, formatUsd, formatUsdWhole, formatDuration, formatDateUs, formatDateTimeUs,
} from './formatters';
export { RemoteComponent, RemoteLoaderProvider, useRemoteLoader } from './remote-component';
export type { LoadRemoteModule, RemoteComponentProps } from './remote-component';
export { RemoteErrorBoundary, RemoteErrorPanel } from './remote-error-boundary';
export type { RemoteErrorBoundaryProps, RemoteErrorPanelProps } from './remote-error-boundary';
export { ExposedComponent } from './exposed-components';
export type {
  ExposedComponentName, ExposedComponentProps, NewTicketFormProps, ContactsEditorProps, MaintenancePrefsProps, CompanyInfoFormProps,
  CompanyInfoFormValues,
} from './exposed-components';
export { AgentSelect } from './agent-select';
export type { AssignableAgent } from './agent-select';
export { NotFoundPage } from './not-found-page';
export { ErrorAlert } from './error-alert';
export { ListStates } from './list-states';
export type { ListStatesProps } from './list-states';
export { useSaveState } from './use-save-state';
export { useSessionDraft, readSessionDraft, writeSessionDraft } from './use-session-draft';
export type { SaveState } from './use-save-state';
export { NotAuthorized } from './not-authorized';
export { SearchSnippet } from './search-snippet';
export { DurationFields } from './duration-fields';
export { SlaBadge, useSlaClock, SLA_TICK_MS } from './sla-badge';
export { uiMessages } from './messages';
