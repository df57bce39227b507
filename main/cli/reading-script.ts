/** The script that answers the app service's slow reading channels on a worker thread: out/cli/reading.mjs, beside the CLI bundle. */
let script: string | undefined;

export function setReadingScript(path: string): void {
  script = path;
}

export function readingScript(): string | undefined {
  return script;
}
