/**
 * Redaction settings shared by the core (which stores them), the CLI and the app (which show
 * them). Kept free of the schema library: the renderer imports this file.
 */
export interface PrivacySettings {
  /** Mask secrets wherever the archive leaves the app: exports, `dejavu show`, MCP answers. */
  readonly redactExports: boolean;
  /** Store masked text in the archive itself (and so in the search index); off by default. */
  readonly redactAtCapture: boolean;
}

export const DEFAULT_PRIVACY: PrivacySettings = { redactExports: true, redactAtCapture: false };
