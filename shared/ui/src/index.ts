export { portalSystem, portalConfig } from './system';
export { PortalProvider } from './portal-provider';
export { Markdown, safeUrl } from './markdown';
export { MarkdownEditor } from './markdown-editor';
export type { MarkdownEditorProps } from './markdown-editor';
export { TABLE_MAX, TAB_OPTIONS, tableMarkdown } from './markdown-editor-commands';
export type { TabOption } from './markdown-editor-commands';
export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export {
  Money, WholeMoney, Duration, DateText, formatMoney, formatWholeMoney, formatDuration, formatDateUs, formatDateTimeUs,
} from './formatters';
export { RemoteComponent, RemoteLoaderProvider, useRemoteLoader } from './remote-component';
export type { LoadRemoteModule, RemoteComponentProps } from './remote-component';
export { NotFoundPage } from './not-found-page';
