/**
 * The scripts the CLI's worker threads run, bundled beside it (out/cli): the search indexer's
 * (indexer.mjs) and `serve`'s reading threads' (reading.mjs). Set once by the entry point, which
 * knows where the bundle is; a command loaded from a chunk does not.
 */
let scripts: { readonly indexer: string; readonly reading: string } | undefined;

export function setThreadScripts(set: { readonly indexer: string; readonly reading: string }): void {
  scripts = set;
}

export function indexerScript(): string | undefined {
  return scripts?.indexer;
}

export function readingScript(): string | undefined {
  return scripts?.reading;
}
