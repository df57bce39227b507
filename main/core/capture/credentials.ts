/**
 * Files in agent homes that hold secrets. Déjà Vu never opens them, not even to sniff their
 * format: every walk filters through this before any read.
 */
import path from 'node:path';

const CREDENTIAL_NAMES = new Set([
  '.credentials.json',
  'credentials.json',
  'auth.json',
  'oauth_creds.json',
  'google_accounts.json',
  'mcp-oauth-tokens.json',
  '.env',
  'token.json',
  'tokens.json',
  'api_key',
  'apikey',
  'secrets.json',
  'keychain.json',
]);

export function isCredentialFile(filePath: string): boolean {
  const name = path.basename(filePath).toLowerCase();
  if (CREDENTIAL_NAMES.has(name)) return true;
  return /(^|[._-])(credential|secret|oauth|token|apikey|api-key|passwd|password)s?([._-]|$)/.test(name) || /\.(pem|key|p12|pfx)$/.test(name);
}
