// Generates the protobuf code for the archive from record.proto (the only hand-written part).
// Skips the work when the generated files are newer than the .proto.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const proto = path.join(root, 'main/core/archive/record.proto');
const outDir = path.join(root, 'main/core/archive/generated');
const js = path.join(outDir, 'record.js');
const dts = path.join(outDir, 'record.d.ts');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const fresh = existsSync(js) && existsSync(dts) && statSync(js).mtimeMs >= statSync(proto).mtimeMs;
if (!fresh) {
  mkdirSync(outDir, { recursive: true });
  execFileSync(bin('pbjs'), ['-t', 'static-module', '-w', 'es6', '--no-beautify', '--force-number', '--no-verify', '--no-delimited', '--no-service', '-o', js, proto], { stdio: 'inherit' });
  execFileSync(bin('pbts'), ['-o', dts, js], { stdio: 'inherit' });
}
