// `npm run dist`: builds the app, packages it with electron-builder (which rebuilds the native modules for
// Electron in this checkout's node_modules), then rebuilds them for Node again, whatever happened, so
// `npm test` and `npm run serve` keep working after packaging. Extra arguments go to electron-builder
// (e.g. `npm run dist -- --linux AppImage`).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitCodeOf } from './electron-binary.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(root, 'package.json'));
const NATIVE_MODULES = ['better-sqlite3', 'hnswlib-node'];

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) console.error(`Could not run ${command}: ${result.error.message}`);
  return result.error ? 1 : exitCodeOf(result.status, result.signal);
}

const bin = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), file);
let code = run(process.execPath, [bin('electron-vite', 'bin/electron-vite.js'), 'build']);
if (code === 0) {
  code = run(process.execPath, [bin('electron-builder', 'cli.js'), '--config', 'electron-builder.yml', ...process.argv.slice(2)]);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  console.log(`Rebuilding ${NATIVE_MODULES.join(', ')} for Node ${process.versions.node} (electron-builder left them built for Electron)...`);
  const restored = run(npm, ['rebuild', ...NATIVE_MODULES]);
  if (restored !== 0) console.error(`Restoring Node's build failed: run \`npm rebuild ${NATIVE_MODULES.join(' ')}\` before testing.`);
  if (code === 0) code = restored;
}
process.exit(code);
