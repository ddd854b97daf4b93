import useSWR, { useSWRConfig } from 'swr';
import type {
  MailTemplate, MailTemplateSave, MessageProgress, MessageQueued, MessageRecipient, MessageSend, MessageSummary, RecipientsQuery,
} from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const sentMessagesKey = '/sendmail';
export const messageKey = (messageId: number) => `/sendmail/${messageId}`;
export const mailTemplatesKey = '/sendmail/templates';
/** How often a send's progress is read while it is still sending. */
export const MESSAGE_PROGRESS_POLL_MS = 1000;

/** The message centre (admins): recipients, queued sends and their progress, templates. */
export interface MessagesApi {
  /** Who a kind and its filters reach, each with the values of the kind's tokens. */
  recipients(query: RecipientsQuery): Promise<MessageRecipient[]>;
  /** Queues the send (202); the job runner mails each recipient. */
  send(body: MessageSend): Promise<MessageQueued>;
  progress(messageId: number): Promise<MessageProgress>;
  list(): Promise<MessageSummary[]>;
  templates(): Promise<MailTemplate[]>;
  saveTemplate(body: MailTemplateSave): Promise<MailTemplate>;
}

export function createMessagesApi(http: Http): MessagesApi {
  return {
    recipients: (query) => http('POST', '/sendmail/recipients', (c) => c.messageRecipientList, { body: query }),
    send: (body) => http('POST', sentMessagesKey, (c) => c.messageQueued, { body }),
    progress: (messageId) => http('GET', messageKey(messageId), (c) => c.messageProgress),
    list: () => http('GET', sentMessagesKey, (c) => c.messageSummaryList),
    templates: () => http('GET', mailTemplatesKey, (c) => c.mailTemplateList),
    saveTemplate: (body) => http('POST', `${mailTemplatesKey}/${encodeURIComponent(body.name.trim())}`, (c) => c.mailTemplate, { body }),
  };
}

export function useMailTemplates() {
  const client = useApiClient();
  return useSWR(mailTemplatesKey, () => client.messages.templates());
}

export function useSentMessages() {
  const client = useApiClient();
  return useSWR(sentMessagesKey, () => client.messages.list());
}

/**
 * One send's progress, read again every second until it is done. The live stream names no mail job,
 * so this poll keeps its interval while the stream is open.
 */
export function useMessageProgress(messageId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(messageId ? messageKey(messageId) : null, () => client.messages.progress(messageId as number), {
    refreshInterval: (latest) => (latest?.status === 'done' ? 0 : MESSAGE_PROGRESS_POLL_MS),
  });
}

/** Recipients are read on demand; a send refreshes the sent list, a saved template the templates. */
export function useMessageMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    recipients: (query: RecipientsQuery) => client.messages.recipients(query),
    async send(body: MessageSend) {
      const queued = await client.messages.send(body);
      await mutate(sentMessagesKey);
      return queued;
    },
    async saveTemplate(body: MailTemplateSave) {
      const saved = await client.messages.saveTemplate(body);
      await mutate(mailTemplatesKey);
      return saved;
    },
  };
}
