import useSWR, { useSWRConfig } from 'swr';
import type { Attachment } from '@portal/contract';
import { attachmentEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { CHANGE_SEQ_HEADER, pollInterval } from '@portal/domain';
import { ApiError, BAD_RESPONSE_MESSAGE, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './api-error';
import { useApiClient } from './api-client-context';
import { changeSeqHeaders, noteChangeSeq } from './change-seq';
import { failedAnswer, loadContract, type Http } from './http';
import { useLiveStatus } from './live-status';

export const attachmentsKey = (ticketId: number) => pathOf(api.attachments, { target_type: 'ticket', id: ticketId });

/** The attachment list refreshes every second (docs/product/tickets.md#refresh). */
export const ATTACHMENTS_POLL_MS = 1000;

/** Uploads go through XMLHttpRequest: fetch cannot report upload progress. */
export interface UploadTransportOptions {
  baseUrl?: string;
  createXhr?: () => XMLHttpRequest;
  /** An upload of 25 MB on a slow line takes minutes; the JSON calls' short timeout does not fit it. */
  uploadTimeoutMs?: number;
  onUnauthorized?: () => void;
}

/** How an upload goes: `internal`, the files of an internal note (staff only; docs/product/tickets.md#internal-notes). */
export interface UploadOptions {
  internal?: boolean;
  /** Gets 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
}

export interface AttachmentsApi {
  list(ticketId: number): Promise<Attachment[]>;
  /** Multipart, field `file[]`; an internal note's files with `?internal=true`. */
  upload(ticketId: number, files: readonly File[], options?: UploadOptions): Promise<Attachment[]>;
  remove(ticketId: number, attachmentId: number): Promise<void>;
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createAttachmentsApi(
  http: Http,
  { baseUrl = '/api', createXhr = () => new XMLHttpRequest(), uploadTimeoutMs = 10 * 60_000, onUnauthorized }: UploadTransportOptions = {},
): AttachmentsApi {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    list: (ticketId) => http(api.attachments, { params: { target_type: 'ticket', id: ticketId } }),
    remove: async (ticketId, attachmentId) => {
      await http(api.deleteAttachment, { params: { target_type: 'ticket', id: ticketId, attachment_id: attachmentId } });
    },
    upload: (ticketId, files, { internal = false, onProgress } = {}) =>
      new Promise<Attachment[]>((resolve, reject) => {
        const form = new FormData();
        for (const file of files) form.append('file[]', file, file.name);
        const xhr = createXhr();
        const query = internal ? '?internal=true' : '';
        xhr.open(api.uploadAttachments.method, `${root}${pathOf(api.uploadAttachments, { target_type: 'ticket', id: ticketId })}${query}`);
        xhr.setRequestHeader('accept', 'application/json');
        for (const [name, value] of Object.entries(changeSeqHeaders())) xhr.setRequestHeader(name, value);
        xhr.timeout = uploadTimeoutMs;
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
        };
        xhr.onerror = () => reject(new ApiError(0, NETWORK_MESSAGE));
        xhr.ontimeout = () => reject(new ApiError(0, TIMEOUT_MESSAGE));
        xhr.onload = () => {
          noteChangeSeq(xhr.getResponseHeader(CHANGE_SEQ_HEADER));
          const body = parseJson(xhr.responseText);
          void loadContract().then(
            (contract) => {
              if (xhr.status < 200 || xhr.status >= 300) {
                if (xhr.status === 401) onUnauthorized?.();
                reject(failedAnswer(xhr.status, body, contract));
                return;
              }
              // A string answer to an upload is an error, whatever the status (docs/product/tickets.md#attachments).
              const parsed = contract.attachment.array().safeParse(body);
              if (!parsed.success) {
                reject(new ApiError(xhr.status, typeof body === 'string' && body.trim() !== '' ? body : BAD_RESPONSE_MESSAGE));
                return;
              }
              onProgress?.(1);
              resolve(parsed.data);
            },
            () => reject(new ApiError(xhr.status, BAD_RESPONSE_MESSAGE)),
          );
        };
        xhr.send(form);
      }),
  };
}

export function useTicketAttachments(ticketId: number | null | undefined) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(ticketId ? attachmentsKey(ticketId) : null, () => client.attachments.list(ticketId as number), {
    refreshInterval: pollInterval(ATTACHMENTS_POLL_MS, live),
    refreshWhenHidden: false,
  });
}

export function useAttachmentMutations(ticketId: number) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(attachmentsKey(ticketId));
  return {
    async upload(files: readonly File[], options?: UploadOptions) {
      try {
        return await client.attachments.upload(ticketId, files, options);
      } finally {
        await refresh();
      }
    },
    async remove(attachmentId: number) {
      try {
        await client.attachments.remove(ticketId, attachmentId);
      } finally {
        await refresh();
      }
    },
  };
}
