/**
 * Realistic fake secrets of every detector kind, and real lines of several agents' session files to
 * splice them into: what redact/detectors.test.ts checks each detector on, and
 * redact/redact-pieces.test.ts cuts into pieces.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR } from './fixtures';

/** A real line of a fixture file, and a piece of its text to splice next to. */
export const LINES = {
  'claude-code prompt': { file: 'claude-code/entireio__cli/entire_checkpoints_v1/4c/02af2759b6/0/full.jsonl', line: 3, anchor: 'I am having problems', escapes: 1 },
  'codex tool call': { file: 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl', line: 12, anchor: "sed -n '1,220p'", escapes: 2 },
  'codex prompt': { file: 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl', line: 6, anchor: '$entire collab', escapes: 1 },
  'gemini-cli prompt': { file: 'gemini-cli/entireio__cli/entire_checkpoints_v1/12/cbfeaa512b/0/full.jsonl', line: 11, anchor: 'add new text to test-gemini.txt', escapes: 1 },
} as const;
export type Where = keyof typeof LINES;

const PEM = `-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAoL3hQW4pDhWq12Hegav4SJk+sUsLdS8oRHIAQ132VPj8jFI+CPfhTzdbLgBVYRV5R4CnMz+BxgEXQ9EWJGaWCmQF\nTE2hOxWV9YfawCeo5LfI4Zhjw1O4/H4mSLmepCUL09W35IOgbbuzz4Ej6IbAgZHV0M0E06+VzOS2rvSxpDoVBwoio1z1\nGmDVc44MoASgiK4+fUMAdMwRv+6A5YkXqIYQvrx5QM8T2EM8usE0O72m+XV+2GETeumvScQLnaGkMhOZ\n-----END RSA PRIVATE KEY-----`;

/** What is typed (`text`), and what it must become: `[kind]` marks the mask. */
export const CASES: readonly { kind: string; text: string; becomes: string; where: Where }[] = [
  { kind: 'aws-key', where: 'claude-code prompt', text: 'use AKIAUJZDE8GXD6NCF10E for the bucket', becomes: 'use [aws-key] for the bucket' },
  { kind: 'aws-secret-key', where: 'codex tool call', text: 'aws_secret_access_key = El2hpChYgCfrL1spNxnyVmihA+2O76UMFxFkM+R5', becomes: 'aws_secret_access_key = [aws-secret-key]' },
  { kind: 'github-token', where: 'codex prompt', text: 'push with ghp_sMehGAkWvj7FAc9QeWJKY40uvSwMFLZDe1f8 please', becomes: 'push with [github-token] please' },
  { kind: 'gitlab-token', where: 'gemini-cli prompt', text: 'token glpat-y8F5n3_YNBDRzrZSgqbj', becomes: 'token [gitlab-token]' },
  {
    kind: 'anthropic-key',
    where: 'gemini-cli prompt',
    text: 'ANTHROPIC key is sk-ant-api03-I8ihN5KXSc7Tvo_hBKqFYY_kv5ZJr3J1TWDtkwtDDb-xHKas1VOqg6YYZYn9ZhyiA4uoRgnatmUdjAWtGSU8po-799NksAA.',
    becomes: 'ANTHROPIC key is [anthropic-key].',
  },
  {
    kind: 'openai-key',
    where: 'claude-code prompt',
    text: 'curl -H "Authorization: Bearer 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"',
    becomes: 'curl -H "Authorization: Bearer [openai-key]"',
  },
  { kind: 'google-api-key', where: 'codex tool call', text: 'GEMINI_KEY AIzaclHkCiHp6bR1IqfEouHgxzNNAL5wIScGebc', becomes: 'GEMINI_KEY [google-api-key]' },
  { kind: 'slack-token', where: 'codex prompt', text: 'bot xoxb-72326865635-5150587706589-sG9eh6Yo4gfqrc5XlrWi0B26', becomes: 'bot [slack-token]' },
  { kind: 'stripe-key', where: 'claude-code prompt', text: 'stripe sk_live_R08qzjI6GKFSufrdZSlB5er8 live', becomes: 'stripe [stripe-key] live' },
  { kind: 'private-key', where: 'codex tool call', text: `cat > id_rsa <<EOF\n${PEM}\nEOF`, becomes: 'cat > id_rsa <<EOF\n[private-key]\nEOF' },
  {
    kind: 'jwt',
    where: 'gemini-cli prompt',
    text: 'cookie session=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1LTQ4MjkiLCJpYXQiOjE3NjgwMDAwMDB9.Qm9hCwJ2m2nX8vB1rYl0cH7f3kT9pZsW4dE6uA5gLxo',
    becomes: 'cookie session=[jwt]',
  },
  {
    kind: 'connection-string',
    where: 'claude-code prompt',
    text: 'the db is postgres://app_owner:Vx7q2LmP9sKd@db.internal.example.com:5432/prod and it times out',
    becomes: 'the db is [connection-string] and it times out',
  },
  // At the end of a JSON string: the mask must stop at the record's closing quote.
  { kind: 'connection-string', where: 'codex prompt', text: 'the shop db: mysql://root:Qw8rTz3kLp@10.0.0.5:3306/shop', becomes: 'the shop db: [connection-string]' },
  { kind: 'url-password', where: 'codex tool call', text: 'redis-cli -u redis://default:Zx9pQ2mK7vLr@cache.internal:6379 ping', becomes: 'redis-cli -u redis://default:[url-password]@cache.internal:6379 ping' },
  { kind: 'env-assignment', where: 'codex prompt', text: 'my .env has\nDB_PASSWORD=Hunt3r2Secret!\nDEBUG=true', becomes: 'my .env has\nDB_PASSWORD=[env-assignment]\nDEBUG=true' },
];

/** The line of a fixture file named by `where`. */
export function realLine(where: Where): string {
  const { file, line } = LINES[where];
  return readFileSync(path.join(FIXTURES_DIR, file), 'utf8').split('\n')[line - 1];
}
