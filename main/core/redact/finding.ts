/** One secret found in a text: where it is and what kind it is (the mask's label). */
export interface SecretFinding {
  readonly start: number;
  readonly end: number;
  /** `aws-key`, `github-token`, `private-key`, `env-assignment`, … */
  readonly kind: string;
}
