import { anAttachment } from '@portal/testing';
import { createApiClient } from './client';
import { ApiError } from './api-error';

/** Enough of XMLHttpRequest for the upload path: records the request, answers when told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  timeout = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  getResponseHeader = (name: string): string | null => this.responseHeaders[name.toLowerCase()] ?? null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const stored = anAttachment({ attachment_id: 3, ticket_id: 9, name: 'shot.png' });

function clientWithFakeXhr() {
  return createApiClient({ createXhr: () => new FakeXhr() as unknown as XMLHttpRequest });
}

describe('attachments.upload', () => {
  it('posts the files as multipart field file[] and reports progress', async () => {
    const progress: number[] = [];
    const upload = clientWithFakeXhr().attachments.upload(9, [new File(['x'], 'shot.png')], { onProgress: (fraction) => progress.push(fraction) });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/ticket/9/attachments');
    expect((xhr.body as FormData).getAll('file[]')).toHaveLength(1);

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    xhr.answer(201, JSON.stringify([stored]));

    await expect(upload).resolves.toEqual([stored]);
    expect(progress).toEqual([0.5, 1]);
  });

  it("uploads a staff member's files of an internal note with ?internal=true, and a reply's without (docs/product/tickets.md#internal-notes)", async () => {
    const client = clientWithFakeXhr();
    const internal = client.attachments.upload(9, [new File(['x'], 'shot.png')], { internal: true });
    expect((FakeXhr.last as FakeXhr).url).toBe('/api/ticket/9/attachments?internal=true');
    (FakeXhr.last as FakeXhr).answer(201, JSON.stringify([{ ...stored, internal: true }]));
    await expect(internal).resolves.toEqual([{ ...stored, internal: true }]);

    const reply = client.attachments.upload(9, [new File(['x'], 'shot.png')], { internal: false });
    expect((FakeXhr.last as FakeXhr).url).toBe('/api/ticket/9/attachments');
    (FakeXhr.last as FakeXhr).answer(201, JSON.stringify([stored]));
    await expect(reply).resolves.toEqual([stored]);
  });

  it('rejects with the server message on a refused file', async () => {
    const upload = clientWithFakeXhr().attachments.upload(9, [new File(['x'], 'a.exe.png')]);
    (FakeXhr.last as FakeXhr).answer(400, JSON.stringify({ statusCode: 400, error: 'The file content does not match its type.' }));
    await expect(upload).rejects.toMatchObject({ status: 400, message: 'The file content does not match its type.' });
  });

  it('treats a string answer as an error', async () => {
    const upload = clientWithFakeXhr().attachments.upload(9, [new File(['x'], 'a.png')]);
    (FakeXhr.last as FakeXhr).answer(200, 'Upload failed');
    await expect(upload).rejects.toBeInstanceOf(ApiError);
    await expect(upload).rejects.toMatchObject({ message: 'Upload failed' });
  });
});
