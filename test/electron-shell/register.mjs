// `node --import ./register.mjs <bundle>`: resolves `electron` to the recording stand-in (never
// the real package, whose install downloads a binary), and logs every other module the
// bundle resolves, so a test can see what the sandboxed preload requires.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const fake = new URL('./fake-electron.mjs', import.meta.url).href;
registerHooks({
  resolve(specifier, context, next) {
    if (process.env.FAKE_ELECTRON_LOG) appendFileSync(process.env.FAKE_ELECTRON_LOG, `${JSON.stringify({ event: 'resolve', specifier, parent: context.parentURL ?? null })}\n`);
    if (specifier === 'electron') return { url: fake, format: 'module', shortCircuit: true };
    return next(specifier, context);
  },
});
