import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatSummary, shortUrl, summarizeProfiles, type CpuProfile } from './cpu-profile.js';

// The hot path's profile summary (bench/profile-hot-path.ts): self time per function, file and
// package over several processes' profiles, idle apart.

const frame = (functionName: string, url: string, lineNumber = 0) => ({ functionName, url, lineNumber });

/** Two processes: the same function in both, idle time, a package and Node's own code. */
const worker = (stringifyMs: number): CpuProfile => ({
  nodes: [
    { id: 1, callFrame: frame('(root)', '') },
    { id: 2, callFrame: frame('(idle)', '') },
    { id: 3, callFrame: frame('serialize', 'file:///repo/api/src/plugins/serializer.ts', 9) },
    { id: 4, callFrame: frame('parse', 'file:///repo/node_modules/zod/v4/core/parse.js', 4) },
    { id: 5, callFrame: frame('writeGeneric', 'node:internal/stream_base_commons', 1) },
  ],
  // timeDeltas[i] is the time before sample i (µs): each sample gets the delta after it.
  samples: [3, 4, 5, 2, 3],
  timeDeltas: [0, stringifyMs * 1000, 2000, 1000, 50_000],
});

describe('summarizeProfiles', () => {
  it('sums self time by function, file and package over the processes, as shares of the busy time', () => {
    const summary = summarizeProfiles([worker(6), worker(6)], { root: '/repo', top: 25 });
    // Per process: serialize 6 + 0 ms (last sample has no next delta), parse 2, node 1, idle 50.
    assert.equal(summary.idleMs, 100);
    assert.equal(summary.busyMs, 18);
    assert.deepEqual(summary.functions.map((row) => [row.name, row.ms]), [
      ['serialize api/src/plugins/serializer.ts:10', 12],
      ['parse node_modules/zod/v4/core/parse.js:5', 4],
      ['writeGeneric node:internal/stream_base_commons:2', 2],
    ]);
    assert.deepEqual(summary.packages.map((row) => row.name), ['api/src', 'zod', 'node (internal)']);
    assert.equal(summary.functions[0]!.share, 12 / 18);
    assert.match(formatSummary(summary, 'title'), /1\. {2}66\.7% {6}12 ms {2}serialize api\/src\/plugins\/serializer\.ts:10/);
  });

  it('names a dependency by its path from node_modules, and the repository relative to its root', () => {
    assert.equal(shortUrl('file:///repo/node_modules/a/node_modules/@scope/b/x.js', '/repo'), 'node_modules/@scope/b/x.js');
    assert.equal(shortUrl('file:///repo/shared/domain/src/policy.ts', '/repo'), 'shared/domain/src/policy.ts');
  });
});
