/**
 * Detectors the secretlint recommended set lacks, written here because no maintained,
 * offline, synchronous npm package covers them (see README.md). Patterns for token formats
 * follow gitleaks' published rules; the last two are ours, for what people type into prompts
 * and what agents print from config files.
 */
import type { SecretFinding } from './finding';

interface ExtraRule {
  readonly kind: string;
  readonly pattern: RegExp;
  /** The capture group that is the secret (the mask covers only it); 0: the whole match. */
  readonly group?: number;
  readonly accept?: (secret: string) => boolean;
  /** A substring every match holds: a text without it is skipped (the scan is on the capture path). */
  readonly hint: string;
}

// Values that are obviously not a real secret: placeholders, templates, masks, variable references.
const PLACEHOLDER = /^(?:x+|\*+|\.+|-+|_+)$|your|example|placeholder|changeme|change_me|redacted|dummy|sample|<|>|\$|\{|\}|%s|\.\.\./i;

/** Shannon entropy of a string, in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

/** Looks generated or chosen as a secret: mixed character classes and enough entropy. */
function secretLooking(value: string): boolean {
  if (PLACEHOLDER.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((c) => c.test(value)).length;
  return classes >= 2 && /[0-9]/.test(value) && entropy(value) >= 3;
}

const RULES: readonly ExtraRule[] = [
  // secretlint finds PEM blocks in plain text and in JSON text; a key inside a tool call's
  // arguments inside a native record is escaped twice (`\\n`), and it misses those. Same
  // check as secretlint's: a base64 body of 100+ characters, DER (MI…) or OpenSSH magic.
  {
    kind: 'private-key',
    hint: 'PRIVATE KEY',
    pattern: /-----BEGIN[ A-Z]{0,20}PRIVATE KEY(?: BLOCK)?-----[A-Za-z0-9+/=\s\\]{100,10000}?-----END[ A-Z]{0,20}PRIVATE KEY(?: BLOCK)?-----/dg,
    accept: (block) => /^(?:MI|b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/]{98,}=*$/.test(block.replace(/^-----[^-]+-----|-----[^-]+-----$/g, '').replace(/\\+[nrt]|\s|\\/g, '')),
  },
  // gitleaks `jwt`: header and payload are base64url JSON objects, so both start with "ey".
  { kind: 'jwt', hint: '.ey', pattern: /\bey[A-Za-z0-9]{17,}\.ey[A-Za-z0-9/\\_-]{17,}\.[A-Za-z0-9/\\_-]{10,}={0,2}/dg },
  // gitleaks `gcp-api-key`: Google API keys (Maps, Gemini, Firebase…).
  { kind: 'google-api-key', hint: 'AIza', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/dg },
  // gitleaks `azure-ad-client-secret`.
  { kind: 'azure-secret', hint: 'Q~', pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/dg },
  // Azure storage connection strings carry the 64-byte account key in base64.
  { kind: 'azure-storage-key', hint: 'AccountKey=', pattern: /AccountKey=([A-Za-z0-9+/]{86}==)/dg, group: 1 },
  // A password in any URL (redis://, amqp://, https://user:p@ss…): secretlint covers three
  // database schemes and http(s) passwords made only of [A-Za-z0-9_-]. The user and host stay readable.
  {
    kind: 'url-password',
    hint: '://',
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@'"`\\]{1,100}:([^\s@/'"`\\]{3,200})@[A-Za-z0-9[]/dg,
    group: 1,
    accept: (p) => !PLACEHOLDER.test(p) && !/^(?:pass(?:word)?|secret|token|pwd)$/i.test(p),
  },
  // `.env`-style assignments of a secret-looking name (API_KEY=…, export DB_PASSWORD="…"),
  // also inside JSON text where the line break is the two characters "\n".
  {
    kind: 'env-assignment',
    hint: '=',
    pattern: /(?:^|(?<=\\n|\\t|[\s;&|(`"']))(?:export\s+)?[A-Z][A-Z0-9_]*(?:KEY|SECRET|TOKEN|PASSWORD|PASSWD|PWD|CREDENTIALS?|AUTH)[A-Z0-9_]*\s?=\s?(?:\\?["'])?([^\s"'`#$<>{}\\,;]{8,200})(?=$|\\|["'`\s,;])/dgm,
    group: 1,
    accept: secretLooking,
  },
];

/** Every secret the extra detectors find in `text`. */
export function extraFindings(text: string): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const rule of RULES) {
    if (!text.includes(rule.hint)) continue;
    for (const m of text.matchAll(rule.pattern)) {
      const secret = m[rule.group ?? 0];
      if (secret === undefined || (rule.accept && !rule.accept(secret))) continue;
      // The `d` flag gives each group's own range.
      const [start, end] = m.indices?.[rule.group ?? 0] ?? [m.index, m.index + m[0].length];
      out.push({ start, end, kind: rule.kind });
    }
  }
  return out;
}
