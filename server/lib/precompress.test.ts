import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import zlib from 'node:zlib';
import { precompressDir } from './precompress.mjs';

describe('precompressDir', () => {
  it('writes .br and .gz next to each compressible file of 1 KB or more, and skips them when it runs again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    const script = 'console.log("a portal chunk");\n'.repeat(100);
    writeFileSync(path.join(dir, 'main.1.js'), script);
    writeFileSync(path.join(dir, 'tiny.js'), 'x');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096));

    assert.equal(await precompressDir(dir), 1);
    assert.equal(zlib.brotliDecompressSync(readFileSync(path.join(dir, 'main.1.js.br'))).toString(), script);
    assert.equal(zlib.gunzipSync(readFileSync(path.join(dir, 'main.1.js.gz'))).toString(), script);
    assert.throws(() => statSync(path.join(dir, 'tiny.js.br')));

    assert.equal(await precompressDir(dir), 0);
  });

  it('compresses again a file that changed after its .br and .gz were written', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    const file = path.join(dir, 'index.html');
    writeFileSync(file, '<p>old</p>'.repeat(200));
    await precompressDir(dir);
    writeFileSync(file, '<p>new</p>'.repeat(200));
    const later = new Date(Date.now() + 5_000);
    utimesSync(file, later, later);

    assert.equal(await precompressDir(dir), 1);
    assert.match(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString(), /new/);
  });
});
