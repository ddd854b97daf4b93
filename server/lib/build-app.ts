import { spawn } from 'node:child_process';
import path from 'node:path';
import { hasPrerenderedPages, prerenderPages } from './prerender.js';

export interface BuildOptions {
  appPath: string;
  outputPath: string;
  remoteVersion?: string;
  mode?: 'production' | 'development';
  /** Write .br/.gz next to the output before resolving (default true). */
  precompress?: boolean;
  /**
   * Shared @portal packages to build from another folder instead of shared/<name>, e.g.
   * `{ contract: '/tmp/…/shared/contract' }` (an older contract: older-build.ts).
   */
  portalPackageDirs?: Record<string, string>;
}

export interface BuildResult {
  /** Compile plus, unless turned off, precompression of the output. */
  ms: number;
  compileMs: number;
  warnings: string[];
}

const WORKER = path.join(import.meta.dirname, 'build-worker.mjs');
const RESULT_PREFIX = '@@result ';

/**
 * Builds one app with its own rspack.config.cjs in a child Node process (see build-worker.mjs), then
 * renders its public pages into the same folder when it has any (src/prerender.tsx, see
 * prerender.ts): a remote's prerendered pages are part of its build, so they deploy with it.
 */
export async function buildApp(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const result = await compileApp(options);
  if (!hasPrerenderedPages(options.appPath)) return result;
  await prerenderPages(options.appPath, options.outputPath);
  return { ...result, ms: Math.round(performance.now() - started) };
}

function compileApp(options: BuildOptions): Promise<BuildResult> {
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
