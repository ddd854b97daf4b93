const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('node:test');
const { facadeImports, checkSharedExports } = require('./shared-facades.cjs');

// What a remote's facades.json records (the deploy gate's input): the facade names its sources import.
test('lists the facade names an app imports, type-only imports left out', () => {
  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'facades-'));
  try {
    fs.mkdirSync(path.join(app, 'src'));
    fs.writeFileSync(path.join(app, 'src', 'page.tsx'), [
      "import { Box, Button as Press } from '@chakra-ui/react';",
      "import type { BoxProps } from '@chakra-ui/react';",
      "// this comment says import { Drawer } from '@chakra-ui/react' and is no import",
      "export { Link } from 'react-router-dom';",
    ].join('\n'));
    const { names } = facadeImports(app);
    for (const name of ['Box', 'Button']) assert.ok(names['@chakra-ui/react'].includes(name), name);
    assert.ok(!names['@chakra-ui/react'].includes('BoxProps'));
    assert.ok(!names['@chakra-ui/react'].includes('Press'));
    assert.ok(names['react-router-dom'].includes('Link'));
    assert.ok(!names['@chakra-ui/react'].includes('Drawer'));
    fs.writeFileSync(path.join(app, 'src', 'probe.tsx'), "import { NotInTheList } from '@chakra-ui/react';\n");
    assert.throws(() => checkSharedExports(app), /src\/probe\.tsx: NotInTheList from @chakra-ui\/react/);
  } finally {
    fs.rmSync(app, { recursive: true, force: true });
  }
});

test("records a shared @portal package's export names, type-only ones left out", () => {
  const { portalExports } = require('./shared-facades.cjs');
  const names = portalExports('session');
  assert.ok(names.includes('useSession'));
  assert.ok(names.every((name) => /^[A-Za-z_$][\w$]*$/.test(name)), names.join(','));
});
