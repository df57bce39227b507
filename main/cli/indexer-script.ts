/** The script that runs the search indexer on a worker thread: the CLI bundle itself. */
let script: string | undefined;

export function setIndexerScript(path: string): void {
  script = path;
}

export function indexerScript(): string | undefined {
  return script;
}
