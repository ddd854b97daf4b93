import type { DestinationStream } from 'pino';

export interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

/** A `logStream` for createTestApp/createPortalApi: keeps every JSON line the app logs, raw and parsed. */
export function captureLogs() {
  const raw: string[] = [];
  const stream: DestinationStream = {
    write(line: string) {
      raw.push(line);
    },
  };
  return {
    stream,
    /** Everything logged so far, as written: what a secret must never be found in. */
    text: () => raw.join(''),
    lines: (): LogLine[] => raw.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line) as LogLine),
    clear: () => {
      raw.length = 0;
    },
  };
}

/** pino's numeric levels. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;
