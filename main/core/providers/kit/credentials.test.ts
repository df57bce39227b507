/** The credential-name rule: every credential file named like one, no session file hidden by it. */
import { describe, expect, it } from 'vitest';
import { isCredentialFile } from './credentials';

describe('isCredentialFile', () => {
  it('matches credential files: known names, key stores, credential words, auth/creds JSON', () => {
    for (const name of [
      '.credentials.json', 'credentials.json', 'auth.json', 'oauth_creds.json', 'google_accounts.json', 'mcp-oauth-tokens.json',
      '.env', '.env.local', 'token.json', 'tokens.json', 'api_key', 'apikey', 'api-key.txt', 'secrets.json', 'secret', 'keychain.json',
      'github_token', 'password.txt', 'passwd', 'server.pem', 'id.key', 'cert.p12', 'id_ed25519', '.netrc', '.npmrc', '.git-credentials',
      // Content-detection mode opens .json files to sniff them: these must never be.
      'auth-backup.json', 'auth.old.json', 'agent_settings.json', 'creds.json', 'creds-2.json', 'my-credentials.json', 'client_secret_123.apps.googleusercontent.com.json',
    ]) {
      expect(isCredentialFile(`/home/me/.agent/${name}`), name).toBe(true);
    }
    // A common name that holds a key in one agent's folder only.
    expect(isCredentialFile('/home/me/.openhands/settings.json')).toBe(true);
    expect(isCredentialFile('/home/me/.claude/settings.json')).toBe(false);
  });

  it('leaves session files alone, whatever word their name or folder holds', () => {
    for (const file of [
      '/home/me/.codex/sessions/2025/01/01/rollout-2025-01-01T00-00-00-token-usage.jsonl',
      '/home/me/.claude/projects/-home-me-secret-sauce/0b9f4e8a-4c1e-4a8e-9a55-3c5c1a0f6e21.jsonl',
      '/home/me/.claude/projects/-home-me-repo/token-refresh-debugging.jsonl',
      '/home/me/chats/secret-project-notes.jsonl',
      '/home/me/.gemini/tmp/abc/chats/session-2025-01-01T00-00-oauth-fix.json',
      '/home/me/.cline/data/tasks/123/ui_messages.json',
      '/home/me/.local/share/opencode/storage/session/p/ses_abc.json',
      '/home/me/.local/share/amp/threads/T-0a1b.json',
      '/home/me/repo/.aider.chat.history.md',
    ]) {
      expect(isCredentialFile(file), file).toBe(false);
    }
  });
});
