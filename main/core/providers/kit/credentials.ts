/**
 * Files that hold secrets. Déjà Vu never opens them, not even to sniff their format, in any
 * mode (agent homes, `--source` folders, `dejavu import`): every walk filters through this
 * before any read, and names what it passed over. The rule is narrow enough never to hide a
 * session file (`rollout-…-token-usage.jsonl`, a project called `secret-sauce`): a name is
 * credential-like when it is a known one, a key or certificate store, or a credential word
 * itself (with at most one word before it and any extension after).
 */
import path from 'node:path';

const CREDENTIAL_NAMES = new Set([
  'oauth_creds.json',
  'google_accounts.json',
  'mcp-oauth-tokens.json',
  'keychain.json',
  // OpenHands CLI: the agent's LLM settings, API key included.
  'agent_settings.json',
  '.netrc',
  '.npmrc',
  '.pypirc',
  '.pgpass',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
]);

/** Key and certificate stores. */
const KEY_FILE = /\.(pem|key|p12|pfx|jks|keystore|kdbx)$/;
/** `auth.json`, `auth-backup.json`, `auth.old.json`, `creds.json`, `client_secret_….json`. */
const AUTH_JSON = /^\.?(auth|creds|client_secret)[^/]*\.json$/;
/** A name whose stem is a credential word: `token.json`, `secrets.yaml`, `github_token`, `api-key`. */
const CREDENTIAL_STEM = /^(?:[a-z0-9]+[_-])?(?:credentials?|creds|secrets?|tokens?|oauth|api[_-]?keys?|passwords?|passwd|auth)$/;

/** Settings files that hold a key in one agent's folder only (the name is too common to ban everywhere). */
const KEYED_SETTINGS = new Set(['.openhands/settings.json']);

export function isCredentialFile(filePath: string): boolean {
  const name = path.basename(filePath).toLowerCase();
  if (KEYED_SETTINGS.has(`${path.basename(path.dirname(filePath)).toLowerCase()}/${name}`)) return true; // OpenHands' older settings hold the LLM key
  if (CREDENTIAL_NAMES.has(name) || KEY_FILE.test(name) || AUTH_JSON.test(name)) return true;
  if (name.includes('credential')) return true; // .credentials.json, .git-credentials, credentials-old.json
  if (name === '.env' || name.startsWith('.env.')) return true;
  return CREDENTIAL_STEM.test(name.replace(/^\.+/, '').split('.')[0]);
}
