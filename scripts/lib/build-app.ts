import { spawn } from 'node:child_process';
import path from 'node:path';

export interface BuildOptions {
  appPath: string;
  outputPath: string;
  remoteVersion?: string;
  mode?: 'production' | 'development';
  /** Write .br/.gz next to the output before resolving (default true). */
  precompress?: boolean;
}

export interface BuildResult {
  /** Compile plus, unless turned off, precompression of the output. */
  ms: number;
  compileMs: number;
  warnings: string[];
}

const WORKER = path.join(import.meta.dirname, 'build-worker.mjs');
const RESULT_PREFIX = '@@result ';

/** Builds one app with its own rspack.config.cjs in a child Node process (see build-worker.mjs). */
export function buildApp(options: BuildOptions): Promise<BuildResult> {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, [WORKER, JSON.stringify(options)], {
    cwd: options.appPath,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith(RESULT_PREFIX));
      if (code !== 0 || !line) {
        reject(new Error(`Build of ${path.basename(options.appPath)} failed (exit ${code}):\n${stderr || stdout}`));
        return;
      }
      resolve(JSON.parse(line.slice(RESULT_PREFIX.length)) as BuildResult);
    });
  });
}
