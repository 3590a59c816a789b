import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-process';

test('npm start runs the built server with the Node flags the end-to-end tests and benchmarks use', () => {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8'),
  );
  expect(pkg.scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
});
