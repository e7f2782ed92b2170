// Runs `npm ci` in playground/ when node_modules does not match package-lock.json (run by the Maven build in
// generate-resources, so `./mvnw spring-boot:run` and `./mvnw verify` serve the page without extra steps and an
// unchanged lock costs nothing). The stamp is a copy of the lock that the last successful `npm ci` installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
const stamp = path.join(dir, 'node_modules', '.junction-installed-lock.json');
if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === lock) {
  console.log('playground: node_modules up to date');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  fs.writeFileSync(stamp, lock);
}
