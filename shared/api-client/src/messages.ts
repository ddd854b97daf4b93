import useSWR, { useSWRConfig } from 'swr';
import type {
  FailedMail, MailStatus, MailTemplate, MailTemplateSave, MessageProgress, MessageQueued, MessageRecipient, MessageResent, MessageSend, MessageSummary,
  RecipientsQuery,
} from '@portal/contract';
import { messageEndpoints as api, pathOf, templateEndpoints } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import type { ReadOptions } from './read-options';

export const sentMessagesKey = pathOf(api.sentMessages);
export const messageKey = (messageId: number) => pathOf(api.messageProgress, { messageId });
export const mailTemplatesKey = pathOf(templateEndpoints.mailTemplates);
export const failedMailKey = pathOf(api.failedMail);
export const mailStatusKey = pathOf(api.mailStatus);
/** How often a send's progress is read while it is still sending. */
export const MESSAGE_PROGRESS_POLL_MS = 1000;
/** How often the Sent tab reads the sends and the failed mail (docs/product/messaging.md#sent-messages). */
export const SENT_MESSAGES_POLL_MS = 10_000;

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
  /** Mails the message again to its failed recipients only. */
  resend(messageId: number): Promise<MessageResent>;
  /** Outbox mail that was given up (any kind of mail). */
  failedMail(): Promise<FailedMail[]>;
  /** Puts a failed outbox mail back in the queue. */
  requeue(outboxId: number): Promise<{ ok: true }>;
  /** Whether a mail server is set (without one, mail waits in the outbox). */
  mailStatus(): Promise<MailStatus>;
}

export function createMessagesApi(http: Http): MessagesApi {
  return {
    recipients: (query) => http(api.messageRecipients, { body: query }),
    send: (body) => http(api.sendMessage, { body }),
    progress: (messageId) => http(api.messageProgress, { params: { messageId } }),
    list: () => http(api.sentMessages),
    templates: () => http(templateEndpoints.mailTemplates),
    saveTemplate: (body) => http(templateEndpoints.saveMailTemplate, { params: { name: body.name.trim() }, body }),
    resend: (messageId) => http(api.resendMessage, { params: { messageId } }),
    failedMail: () => http(api.failedMail),
    requeue: (outboxId) => http(api.requeueMail, { params: { id: outboxId } }),
    mailStatus: () => http(api.mailStatus),
  };
}

export function useMailTemplates() {
  const client = useApiClient();
  return useSWR(mailTemplatesKey, () => client.messages.templates());
}

/** The sends; the Sent tab passes `refreshInterval: SENT_MESSAGES_POLL_MS`, so results follow the outbox. */
export function useSentMessages(options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(sentMessagesKey, () => client.messages.list(), options);
}

/** Whether a mail server is set: read when the message centre opens (a setting changes only with a restart). */
export function useMailStatus() {
  const client = useApiClient();
  return useSWR(mailStatusKey, () => client.messages.mailStatus());
}

export function useFailedMail(options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(failedMailKey, () => client.messages.failedMail(), options);
}

/**
 * One send's progress, read again every second until it is done. The live stream names no mail job,
 * so this poll keeps its interval while the stream is open. `untilDelivered`: read on opening, and
 * then every SENT_MESSAGES_POLL_MS while a recipient's mail is still pending or queued (the Sent tab).
 */
export function useMessageProgress(messageId: number | null | undefined, { untilDelivered = false } = {}) {
  const client = useApiClient();
  return useSWR(messageId ? messageKey(messageId) : null, () => client.messages.progress(messageId as number), {
    revalidateOnMount: untilDelivered ? true : undefined,
    refreshInterval: (latest) => {
      if (latest?.status !== 'done') return MESSAGE_PROGRESS_POLL_MS;
      return untilDelivered && latest.results.pending + latest.results.queued > 0 ? SENT_MESSAGES_POLL_MS : 0;
    },
  });
}

/** A re-send refreshes the sent list, the message and the failed mail (it replaces failed mail); a re-queue the failed mail and the sends. */
export function useFailedMailMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    async resend(messageId: number) {
      const resent = await client.messages.resend(messageId);
      await Promise.all([mutate(sentMessagesKey), mutate(messageKey(messageId)), mutate(failedMailKey)]);
      return resent;
    },
    async requeue(outboxId: number) {
      const requeued = await client.messages.requeue(outboxId);
      await Promise.all([mutate(failedMailKey), mutate(sentMessagesKey)]);
      return requeued;
    },
  };
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
