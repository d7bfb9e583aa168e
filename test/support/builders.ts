// Builders for concept file text in tests: frontmatter from a plain object (written with the `yaml` package,
// core schema), or exact YAML text when a test needs input that no writer would produce.
import { stringify } from 'yaml';

/** Frontmatter fields of a concept file; any other key is written as given (OKF allows unknown keys). */
export interface ConceptFields {
  readonly type?: string;
  readonly title?: string;
  readonly description?: string;
  readonly tags?: readonly unknown[];
  readonly aliases?: readonly string[];
  readonly resource?: string;
  readonly sources?: readonly Record<string, unknown>[];
  readonly generated?: { readonly by: string; readonly at?: string };
  readonly verified?: unknown;
  readonly status?: string;
  readonly stale_after?: string;
  readonly superseded_by?: string;
  readonly superseded_at?: string;
  readonly supersedes?: readonly string[];
  readonly relations?: readonly Record<string, unknown>[];
  readonly [key: string]: unknown;
}

/** A concept file: `---`, the fields as YAML, `---`, then the body. `type` defaults to `Concept`. */
export function conceptFile(fields: ConceptFields = {}, body = ''): string {
  return rawConcept(stringify({ type: 'Concept', ...fields }, { schema: 'core', lineWidth: 0 }), body);
}

/** A concept file from YAML text exactly as given (for malformed input). */
export function rawConcept(yaml: string, body = ''): string {
  return `---\n${yaml.endsWith('\n') || yaml === '' ? yaml : yaml + '\n'}---\n${body}`;
}

/** A relation entry. */
export function rel(
  predicate: string,
  object: string,
  extra: { date?: string; source?: string } = {},
): Record<string, unknown> {
  return { predicate, object, ...extra };
}
