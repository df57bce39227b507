/** The script that runs the search indexer on a worker thread: out/cli/indexer.mjs, beside the CLI bundle. */
let script: string | undefined;

export function setIndexerScript(path: string): void {
  script = path;
}

export function indexerScript(): string | undefined {
  return script;
}
