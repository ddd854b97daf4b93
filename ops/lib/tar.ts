import { once } from 'node:events';
import { Readable } from 'node:stream';
import tar from 'tar-stream';

// The tar of the portal's backups (lib/backup.ts), through tar-stream: written and read as streams, so
// neither the database copy nor the uploads are ever held whole in memory. Any tar reads what this
// writes (`tar -tzf portal-backup-….tar.gz`). The reader hands each entry's header to its caller, which
// refuses anything but regular files and folders.

export type TarEntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';

/** One entry to write: its path inside the archive, its exact size and its bytes. */
export interface TarSource {
  path: string;
  size: number;
  mtime?: Date;
  body: AsyncIterable<Buffer> | Iterable<Buffer>;
  /** A regular file unless said (other kinds exist for tests that build hostile archives). */
  type?: 'file' | 'directory' | 'symlink';
  linkName?: string;
}

export interface TarHeader {
  path: string;
  type: TarEntryType;
  size: number;
  /** The target of a link entry. */
  linkName: string;
}

export class TarFormatError extends Error {}

/** Writes one entry's body into the pack; the size must hold exactly. */
function packEntry(pack: tar.Pack, entry: TarSource): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const header = {
      name: entry.path, size: entry.type === 'symlink' || entry.type === 'directory' ? 0 : entry.size, mtime: entry.mtime ?? new Date(),
      type: entry.type ?? 'file', linkname: entry.linkName, mode: entry.type === 'directory' ? 0o755 : 0o644,
    } as const;
    let written = 0;
    const done = (error?: Error | null) => {
      if (!error) resolve();
      else reject(error instanceof TarFormatError ? error : new TarFormatError(`${entry.path} changed while it was read (${written} of ${entry.size} bytes): ${error.message}`));
    };
    if (header.type !== 'file') return void pack.entry(header, Buffer.alloc(0), done);
    const sink = pack.entry(header, done);
    sink.on('error', () => undefined); // said through `done`
    void (async () => {
      for await (const chunk of entry.body) {
        written += chunk.length;
        if (written > entry.size) throw new TarFormatError(`${entry.path} grew while it was read (${entry.size} bytes expected)`);
        if (!sink.write(chunk)) await once(sink, 'drain');
      }
      if (written !== entry.size) throw new TarFormatError(`${entry.path} changed while it was read (${written} of ${entry.size} bytes)`);
      sink.end(Buffer.alloc(0));
    })().catch((error: unknown) => {
      sink.destroy(error as Error);
      reject(error);
    });
  });
}

/** The archive's bytes, entry by entry; each body must yield exactly its `size` bytes. */
export async function* tarStream(entries: AsyncIterable<TarSource> | Iterable<TarSource>): AsyncGenerator<Buffer> {
  const pack = tar.pack();
  const feeding = (async () => {
    for await (const entry of entries) await packEntry(pack, entry);
    pack.finalize();
  })();
  feeding.catch((error: unknown) => pack.destroy(error as Error));
  for await (const chunk of pack) yield chunk as Buffer;
  await feeding;
}

/** What the reader does with one entry's bytes. */
export interface TarEntrySink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

const TYPES: Record<string, TarEntryType> = { file: 'file', 'contiguous-file': 'file', directory: 'directory', symlink: 'symlink', link: 'hardlink' };

/** tar-stream's complaint, said as what it means for a backup. */
function formatError(error: unknown): TarFormatError {
  const message = (error as Error)?.message ?? String(error);
  if (/invalid tar header|checksum/i.test(message)) return new TarFormatError(`a header block is damaged (its checksum does not match): ${message}`);
  if (/unexpected end|premature|size mismatch/i.test(message)) return new TarFormatError(`the archive ends early (truncated): ${message}`);
  return new TarFormatError(message);
}

/**
 * Reads an archive entry by entry: `onEntry` sees each header and answers where its bytes go. A
 * damaged or truncated archive stops it with a TarFormatError.
 */
export async function readTar(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  onEntry: (header: TarHeader) => TarEntrySink | Promise<TarEntrySink>,
): Promise<void> {
  const extract = tar.extract();
  const input = Readable.from(source);
  // The source's own failure (a read error, a refusal of its own) passes through as it is too.
  let sourceError: unknown;
  input.on('error', (error) => {
    sourceError = error;
    extract.destroy(error);
  });
  input.pipe(extract);
  // The caller's own refusals (from onEntry or a sink) pass through as they are; the rest is the archive's.
  let callerError: unknown;
  const byCaller = async <T>(work: () => T | Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      callerError = error;
      throw error;
    }
  };
  try {
    for await (const entry of extract) {
      const type = TYPES[entry.header.type ?? 'file'] ?? 'other';
      const header = { path: entry.header.name, type, size: type === 'file' ? entry.header.size ?? 0 : 0, linkName: entry.header.linkname ?? '' };
      const sink = await byCaller(() => onEntry(header));
      for await (const chunk of entry) if (type === 'file') await byCaller(() => sink.write(chunk as Buffer));
      await byCaller(() => sink.end());
    }
  } catch (error) {
    input.destroy();
    if (error === callerError || error === sourceError || error instanceof TarFormatError || (error as NodeJS.ErrnoException)?.code?.startsWith('Z_')) throw error;
    throw formatError(error);
  }
}
