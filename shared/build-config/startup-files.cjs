// The JavaScript and CSS an app's first page needs, read from the build's own chunk graph and written next
// to the build as startup-files.json, so the server can preload it from the HTML. Without it the
// browser finds those files one round trip at a time: the shell's only after main.js has run its
// federation runtime, a remote's only after its routes module has been evaluated.
const fs = require('node:fs');
const path = require('node:path');

const STARTUP_FILES = 'startup-files.json';
const CONSUMED = /^consume shared module \(\w+\) (.+?)@/;
const STATS_OPTIONS = {
  all: false,
  ids: true,
  chunks: true,
  chunkOrigins: true,
  chunkModules: true,
  // Consume-shared modules are "dependent" modules, which stats leave out unless asked.
  dependentModules: true,
  chunkModulesSpace: Infinity,
  chunkGroups: true,
};

const nameOf = (module) => module.name || module.identifier || '';

/**
 * The files of the named chunk group `group`, and, with `withProviders`, the chunks of every shared
 * module those chunks consume as this build provides it, and theirs in turn (what the federation
 * runtime loads before the group's modules run, when this app is the one providing the singletons).
 * @param {{ chunks?: Array<{ id: string | number, files: string[], origins?: Array<{ moduleName?: string }>, modules?: Array<{ name?: string, identifier?: string }> }>, namedChunkGroups?: Record<string, { chunks: Array<string | number> }> }} stats
 * @param {string} group
 * @param {{ withProviders: boolean }} options
 * @returns {string[]}
 */
function startupFiles(stats, group, { withProviders }) {
  const chunks = stats.chunks ?? [];
  const named = stats.namedChunkGroups?.[group];
  if (!named) return [];
  const selected = new Set(named.chunks);
  const provides = (key, chunk) =>
    (chunk.origins ?? []).some((origin) => (origin.moduleName ?? '').startsWith(`provide shared module (default) ${key}@`));
  for (let grew = withProviders; grew; ) {
    const consumed = new Set();
    for (const chunk of chunks) {
      if (!selected.has(chunk.id)) continue;
      for (const module of chunk.modules ?? []) {
        const key = CONSUMED.exec(nameOf(module))?.[1];
        if (key) consumed.add(key);
      }
    }
    const before = selected.size;
    for (const chunk of chunks) if ([...consumed].some((key) => provides(key, chunk))) selected.add(chunk.id);
    grew = selected.size > before;
  }
  const files = [];
  for (const id of [...named.chunks, ...[...selected].filter((id) => !named.chunks.includes(id))]) {
    const chunk = chunks.find((candidate) => candidate.id === id);
    for (const file of chunk?.files ?? []) if (/\.(js|css)$/.test(file) && !files.includes(file)) files.push(file);
  }
  return files;
}

/**
 * A plugin that writes startup-files.json (`{ [key]: files }`) for the named chunk groups `groups`
 * (`{ key: groupName }`) of a production build.
 * @param {{ groups: Record<string, string>, withProviders: boolean }} options
 */
function startupFilesPlugin({ groups, withProviders }) {
  return {
    apply(compiler) {
      if (compiler.options.mode !== 'production') return;
      compiler.hooks.done.tap('PortalStartupFiles', (stats) => {
        if (stats.hasErrors()) return;
        const json = stats.toJson(STATS_OPTIONS);
        const files = Object.fromEntries(
          Object.entries(groups).map(([key, group]) => [key, startupFiles(json, group, { withProviders })]),
        );
        fs.writeFileSync(path.join(compiler.options.output.path, STARTUP_FILES), `${JSON.stringify(files, null, 2)}\n`);
      });
    },
  };
}

module.exports = { STARTUP_FILES, startupFiles, startupFilesPlugin };
