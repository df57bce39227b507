/**
 * The secretlint recommended rule set, driven directly and synchronously. secretlint's own
 * engine (@secretlint/core) is async and file-oriented; its rules are not: each returns a
 * `file(source)` handler that scans `source.content` and reports ranges. Calling those
 * handlers ourselves lets every export, `show`, MCP answer and the capture path redact in the
 * same synchronous call, with the maintained patterns and their false-positive filters.
 */
import { rules } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretLintRuleContext, SecretLintSourceCode } from '@secretlint/types';
import type { SecretFinding } from './finding';

const PREFIX = '@secretlint/secretlint-rule-';

/** The mask label for a rule's report, by message id first, then by rule. */
const KIND_BY_MESSAGE: Record<string, string | null> = {
  AWSAccessKeyID: 'aws-key',
  AWSSecretAccessKey: 'aws-secret-key',
  // A 12-digit account number is an identifier, not a credential.
  AWSAccountID: null,
  IncomingWebhook: 'slack-webhook',
  PostgreSQLConnection: 'connection-string',
  MySQLConnection: 'connection-string',
  MongoDBConnection: 'connection-string',
  BasicAuth: 'url-password',
};
const KIND_BY_RULE: Record<string, string> = {
  aws: 'aws-key',
  gcp: 'gcp-key',
  privatekey: 'private-key',
  npm: 'npm-token',
  slack: 'slack-token',
  sendgrid: 'sendgrid-key',
  shopify: 'shopify-token',
  stripe: 'stripe-key',
  github: 'github-token',
  gitlab: 'gitlab-token',
  grafana: 'grafana-token',
  openai: 'openai-key',
  anthropic: 'anthropic-key',
  groq: 'groq-key',
  huggingface: 'huggingface-token',
  linear: 'linear-key',
  notion: 'notion-token',
  '1password': '1password-token',
  'hashicorp-vault': 'vault-token',
  vercel: 'vercel-token',
  databricks: 'databricks-token',
  docker: 'docker-token',
  figma: 'figma-token',
  cloudflare: 'cloudflare-token',
  tailscale: 'tailscale-key',
};

// The AWS rule reports bare access key ids (AKIA…) only with this option; they are half a
// credential and identify the account, so we mask them too.
const OPTIONS: Record<string, object> = { aws: { enableIDScanRule: true } };

interface Reported {
  readonly message: { readonly id?: string; readonly data?: Readonly<Record<string, unknown>> };
  readonly range: readonly [number, number];
}

let scanned = '';

/**
 * The range of the secret itself. The AWS secret-key rule (13.0.7) reports the start of the
 * whole `aws_secret_access_key = …` match with the length of the key, so its range cuts the
 * key in two; the secret it names in the message is the truth, found from that start.
 */
function exactRange(d: Reported): { start: number; end: number } {
  const [start, end] = d.range;
  const named = Object.values(d.message.data ?? {}).find((v): v is string => typeof v === 'string' && v.length > 0);
  if (!named || scanned.slice(start, end) === named) return { start, end };
  const at = scanned.indexOf(named, start);
  return at >= 0 && at <= end ? { start: at, end: at + named.length } : { start, end };
}

/**
 * A connection string ends where a URL must: the database rule's path part takes any
 * non-space character, so inside JSON text it would run on through `","type":…` and the mask
 * would swallow the record's own quotes.
 */
function withinUrl(f: SecretFinding): SecretFinding {
  const stop = scanned.slice(f.start, f.end).search(/["'`<>\\]/);
  return stop > 0 ? { ...f, end: f.start + stop } : f;
}

/** One scanner per rule, created once (creating them compiles their patterns). */
const scanners = rules
  .filter((rule) => rule.meta.type === 'scanner')
  .map((rule) => {
    const name = rule.meta.id.startsWith(PREFIX) ? rule.meta.id.slice(PREFIX.length) : rule.meta.id;
    let sink: SecretFinding[] = [];
    const context = {
      report: (d: Reported) => {
        const kind = d.message.id !== undefined && d.message.id in KIND_BY_MESSAGE ? KIND_BY_MESSAGE[d.message.id] : (KIND_BY_RULE[name] ?? name);
        if (kind) sink.push(kind === 'connection-string' ? withinUrl({ ...exactRange(d), kind }) : { ...exactRange(d), kind });
      },
      // Only the message id matters here: it names the kind of secret.
      createTranslator: () => (id: string, data?: Record<string, unknown>) => ({ id, message: id, data }),
      ignore: () => undefined,
      registerRule: () => undefined,
    } as unknown as SecretLintRuleContext;
    const handler = rule.create(context, (OPTIONS[name] ?? {}) as never);
    return (source: SecretLintSourceCode, out: SecretFinding[]) => {
      sink = out;
      // Text handlers are synchronous; only the GCP .p12 check (binary files, read from a path) is async, and it never runs here.
      void handler.file?.(source);
    };
  });

/** Every secret the secretlint recommended rules find in `text`. */
export function secretlintFindings(text: string): SecretFinding[] {
  const source = { content: text, hasBOM: false, filePath: undefined, physicalFilePath: undefined, contentType: 'text', ext: '' } as unknown as SecretLintSourceCode;
  const out: SecretFinding[] = [];
  scanned = text;
  for (const scan of scanners) scan(source, out);
  return out;
}
