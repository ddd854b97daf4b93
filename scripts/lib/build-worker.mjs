// Runs one Rspack build in a plain Node process. Builds must not run inside tsx: its transform
// adds `__name(...)` helpers to Module Federation's runtime functions, which the plugin then
// serializes into the bundle, where `__name` does not exist.
import { createRequire } from 'node:module';
import path from 'node:path';
import { precompressDir } from './precompress.mjs';

const require = createRequire(import.meta.url);
const { rspack } = require('@rspack/core');

const options = JSON.parse(process.argv[2]);
if (options.remoteVersion !== undefined) process.env.REMOTE_VERSION = options.remoteVersion;
// Shared @portal packages taken from other folders (an older @portal/contract): shared/build-config/index.cjs.
if (options.portalPackageDirs) process.env.PORTAL_PACKAGE_DIRS = JSON.stringify(options.portalPackageDirs);

const started = performance.now();
const config = require(path.join(options.appPath, 'rspack.config.cjs'));
config.mode = options.mode ?? 'production';
config.output = { ...config.output, path: options.outputPath };

const compiler = rspack(config);
compiler.run((error, stats) => {
  compiler.close(() => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    const json = stats.toJson({ all: false, errors: true, warnings: true });
    if (stats.hasErrors()) {
      console.error(json.errors.map((e) => e.message).join('\n\n'));
      process.exit(1);
    }
    const compileMs = Math.round(performance.now() - started);
    (options.precompress === false ? Promise.resolve() : precompressDir(options.outputPath)).then(
      () => {
        const result = {
          ms: Math.round(performance.now() - started),
          compileMs,
          warnings: json.warnings.map((w) => w.message),
        };
        process.stdout.write(`\n@@result ${JSON.stringify(result)}\n`);
      },
      (compressError) => {
        console.error(compressError);
        process.exit(1);
      },
    );
  });
});
