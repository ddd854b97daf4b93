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
// One config, or the app's and then its pages of their own (shared/build-config createPageConfig),
// which keep their place inside the app's build folder.
const exported = require(path.join(options.appPath, 'rspack.config.cjs'));
const configs = Array.isArray(exported) ? exported : [exported];
const appOutput = configs[0].output.path;
for (const config of configs) {
  config.mode = options.mode ?? 'production';
  config.output = { ...config.output, path: path.join(options.outputPath, path.relative(appOutput, config.output.path)) };
}

const compiler = rspack(Array.isArray(exported) ? configs : configs[0]);
compiler.run((error, stats) => {
  compiler.close(() => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    // A multi-compiler's stats hold each build's as children.
    const json = stats.toJson({ all: false, errors: true, warnings: true });
    const each = json.children?.length ? json.children : [json];
    const errors = each.flatMap((child) => child.errors ?? []);
    const warnings = each.flatMap((child) => child.warnings ?? []);
    if (stats.hasErrors()) {
      console.error(errors.map((e) => e.message).join('\n\n'));
      process.exit(1);
    }
    const compileMs = Math.round(performance.now() - started);
    (options.precompress === false ? Promise.resolve() : precompressDir(options.outputPath)).then(
      () => {
        const result = {
          ms: Math.round(performance.now() - started),
          compileMs,
          warnings: warnings.map((w) => w.message),
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
