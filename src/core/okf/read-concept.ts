// Reads one OKF concept file (OKF v0.2 plus this spec's §4 extensions) into a typed Concept, or into
// diagnostics when it cannot be one. Every problem names the file; unknown keys are kept, never rejected.
import type { Concept, Diagnostic, ReadResult, Relation, Severity, Source, Stamp, TrustTier } from '../types';
import { literalObjectHint } from './object-hint';
import { isIsoDate } from './dates';
import { controlCharacterWarnings } from './controls';
import { utf16Encoding } from './encoding';
import { parseFrontmatterYaml, splitFrontmatter } from './frontmatter';
import { contentHash } from './hash';
import { splitKnownFields, type KnownKey } from './known-fields';
import { extractLinks } from './links';
import { baseName, conceptIdOf, isUnderReferences, resolveConceptRef } from './paths';

/** Trust tier per OKF §5.3: any `human:` verifier → human-reviewed; any other verifier → machine-confirmed. */
export function trustTierOf(verified: readonly Stamp[]): TrustTier {
  if (verified.some((v) => v.by.startsWith('human:'))) return 'human-reviewed';
  return verified.length > 0 ? 'machine-confirmed' : 'unverified';
}

type Report = (severity: Severity, code: string, message: string, value?: unknown) => void;

/** Reads a file's text into a concept, an invalid file (with diagnostics), or a skipped non-concept. */
export function readConcept(path: string, text: string): ReadResult {
  const hash = contentHash(text);
  const diagnostics: Diagnostic[] = [];
  const report = reporterFor(path, diagnostics);

  const utf16 = text.includes('\0') ? utf16Encoding(text) : undefined;
  if (utf16 !== undefined) {
    report(
      'error',
      'utf16-file',
      `File is ${utf16} text, not UTF-8; convert it to UTF-8 (e.g. \`iconv ` +
        `-f ${utf16} -t UTF-8 in.md > out.md\`, or save it as UTF-8 in your editor).`,
    );
    return { kind: 'invalid', path, hash, diagnostics };
  }
  if (text.includes('\0')) {
    report('error', 'binary-file', 'File holds binary data (NUL bytes), not markdown text.');
    return { kind: 'invalid', path, hash, diagnostics };
  }
  if (text.includes('\uFFFD')) {
    report('warning', 'invalid-utf8', 'File is not valid UTF-8: undecodable bytes were replaced with U+FFFD.');
  }
  const split = splitFrontmatter(text);
  if (split.yaml === null) {
    const reason = isUnderReferences(path) ? 'mirrored reference material' : 'no YAML frontmatter';
    return { kind: 'skipped', path, hash, reason };
  }
  if (split.unclosed) {
    report(
      'error',
      'frontmatter-unclosed',
      'Frontmatter opens with `---` but never closes; add a `---` line after the YAML.',
    );
    return { kind: 'invalid', path, hash, diagnostics };
  }
  const parsed = parseFrontmatterYaml(path, split.yaml, split.yamlStartLine);
  diagnostics.push(...parsed.diagnostics);
  if (parsed.data === null) return { kind: 'invalid', path, hash, diagnostics };
  return conceptOf(path, parsed.data, split.body, hash, diagnostics);
}

/** A report function adding diagnostics about `path` to `diagnostics`. */
function reporterFor(path: string, diagnostics: Diagnostic[]): Report {
  return (severity, code, message, value) =>
    void diagnostics.push(
      value === undefined ? { path, severity, code, message } : { path, severity, code, message, value: show(value) },
    );
}

/**
 * The concept a parsed frontmatter describes, or the invalid file. Apart from readConcept, so that reading the
 * varied frontmatter (new shapes of data met late in a build send the optimized code back) recompiles only this.
 */
function conceptOf(
  path: string,
  frontmatter: Record<string, unknown>,
  body: string,
  hash: string,
  diagnostics: Diagnostic[],
): ReadResult {
  const report = reporterFor(path, diagnostics);
  const { known: fm, extra } = splitKnownFields(frontmatter);

  const type = typeof fm.type === 'string' ? fm.type : undefined;
  if (type === undefined || type.trim() === '') {
    report(
      'error',
      'missing-type',
      fm.type === undefined
        ? 'Missing required `type` (OKF §4.1), e.g. `type: Concept`.'
        : 'Empty or non-text `type` (OKF §4.1 requires one), e.g. `type: Concept`.',
      fm.type,
    );
    return { kind: 'invalid', path, hash, diagnostics };
  }

  const text_ = (key: KnownKey): string | undefined => {
    const value = fm[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') {
      report(
        'warning',
        'not-a-string',
        `\`${key}\` should be text; read ${show(value)} as "${String(value)}" (quote it).`,
        value,
      );
      return String(value);
    }
    report('error', 'not-a-string', `\`${key}\` should be text, found ${kindOf(value)}; ignored.`, value);
    return undefined;
  };
  const date = (key: string, value: unknown, where = `\`${key}\``): string | undefined => {
    if (value === undefined || value === null) return undefined;
    const written = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : undefined;
    if (written === undefined || !isIsoDate(written)) {
      report(
        'error',
        'invalid-date',
        `${where} is not an ISO 8601 date string (e.g. "2026-08-09"): ${show(value)}; ignored.`,
        value,
      );
      return undefined;
    }
    if (typeof value !== 'string')
      report('warning', 'unquoted-date', `${where} is a number, not a string; quote it: "${written}".`, value);
    return written;
  };
  const stamp = (key: string, value: unknown): Stamp | undefined => {
    if (value === undefined || value === null) return undefined;
    if (!isRecord(value)) {
      report(
        'error',
        'invalid-stamp',
        `\`${key}\` should be a mapping \`{ by, at }\`, found ${kindOf(value)}; ignored.`,
        value,
      );
      return undefined;
    }
    const by = typeof value.by === 'string' ? value.by.trim() : undefined;
    if (!by) {
      report('error', 'invalid-stamp', `\`${key}\` has no \`by\` actor (e.g. \`human:reviewer\`); ignored.`, value);
      return undefined;
    }
    const at = date(key, value.at, `\`${key}.at\``);
    return at === undefined ? { by } : { by, at };
  };
  const title = text_('title')?.trim() || baseName(path).replace(/\.md$/i, '');
  const description = text_('description')?.trim();
  const tags = stringList('tags', fm.tags, report, 'non-string-tag');
  const aliases = [
    ...stringList('aliases', fm.aliases, report, 'non-string-alias'),
    ...stringList('alias', fm.alias, report, 'non-string-alias'),
  ];
  const resource = text_('resource');
  const sources = readSources(fm.sources, report);
  const generated = stamp('generated', fm.generated);
  const verifiedRaw =
    fm.verified === undefined || fm.verified === null ? [] : Array.isArray(fm.verified) ? fm.verified : [fm.verified];
  const verified: Stamp[] = [];
  for (let i = 0; i < verifiedRaw.length; i++) {
    const v = stamp(verifiedRaw.length > 1 ? `verified[${i}]` : 'verified', verifiedRaw[i]);
    if (v !== undefined) verified.push(v);
  }
  const status = text_('status')?.trim();
  const staleAfter = date('stale_after', fm.stale_after);
  const supersededAt = date('superseded_at', fm.superseded_at);
  const supersededByWritten = text_('superseded_by');
  let supersededBy: string | undefined;
  if (supersededByWritten !== undefined) {
    supersededBy = pathRef('superseded_by', supersededByWritten, report);
    if (supersededBy !== undefined && status !== 'superseded') {
      report(
        'error',
        'superseded-by-without-status',
        '`superseded_by` is set but `status` is not `superseded` (spec §7.7); add `status: superseded`.',
        supersededByWritten,
      );
    }
  }
  const supersedes: string[] = [];
  for (const written of stringList('supersedes', fm.supersedes, report, 'invalid-supersedes')) {
    const p = pathRef('supersedes', written, report);
    if (p !== undefined) supersedes.push(p);
  }
  const relations = readRelations(fm.relations, sources, report, date, path);
  for (const w of controlCharacterWarnings(title, relations)) report('warning', 'control-characters', w[0], w[1]);
  const concept: Concept = {
    path,
    id: conceptIdOf(path),
    type: type.trim(),
    title,
    ...(description ? { description } : {}),
    tags,
    aliases,
    ...(resource !== undefined ? { resource } : {}),
    sources,
    ...(generated ? { generated } : {}),
    verified,
    trust: trustTierOf(verified),
    ...(status ? { status } : {}),
    ...(staleAfter ? { staleAfter } : {}),
    ...(supersededBy ? { supersededBy } : {}),
    ...(supersededAt ? { supersededAt } : {}),
    supersedes,
    relations,
    links: extractLinks(path, body),
    extra,
    body,
    hash,
  };
  return { kind: 'concept', concept, diagnostics };
}

function readSources(value: unknown, report: Report): Source[] {
  // One array literal for every outcome, the empty one included: see `stringList`.
  const sources: Source[] = [];
  if (value === undefined || value === null) return sources;
  const items = Array.isArray(value) ? value : [value];
  if (!Array.isArray(value))
    report(
      'warning',
      'sources-not-list',
      '`sources` should be a list of `{ id, resource, title }`; read the one mapping as a list.',
      value,
    );
  for (const item of items) {
    if (!isRecord(item)) {
      report(
        'error',
        'invalid-source',
        `A \`sources\` entry should be a mapping \`{ id, resource, title }\`, found ${kindOf(item)}; ignored.`,
        item,
      );
      continue;
    }
    const field = (k: string) =>
      typeof item[k] === 'string' || typeof item[k] === 'number' ? String(item[k]).trim() : undefined;
    const source: { id?: string; resource?: string; title?: string } = {};
    const id = field('id');
    const resource = field('resource');
    const title = field('title');
    if (id) source.id = id;
    if (resource) source.resource = resource;
    if (title) source.title = title;
    sources.push(source);
  }
  return sources;
}

function readRelations(
  value: unknown,
  sources: readonly Source[],
  report: Report,
  date: (key: string, value: unknown, where?: string) => string | undefined,
  path: string,
): Relation[] {
  // One array literal for every outcome, the empty one included: see `stringList`.
  const relations: Relation[] = [];
  if (value === undefined || value === null) return relations;
  if (!Array.isArray(value)) {
    report(
      'error',
      'relations-not-list',
      `\`relations\` should be a list of \`{ predicate, object }\` entries, found ${kindOf(value)}; ignored.`,
      value,
    );
    return relations;
  }
  // A loop: map and filter, inlined, checked the elements kind and deoptimized on a file without sources.
  const sourceIds = new Set<string>();
  for (let i = 0; i < sources.length; i++) {
    const id = sources[i].id;
    if (id !== undefined) sourceIds.add(id);
  }
  value.forEach((item, i) => {
    const where = `relations[${i}]`;
    if (!isRecord(item)) {
      report(
        'error',
        'invalid-relation',
        `\`${where}\` should be a mapping \`{ predicate, object }\`, found ${kindOf(item)}; ignored.`,
        item,
      );
      return;
    }
    const predicate = typeof item.predicate === 'string' ? item.predicate.trim() : undefined;
    const objectValue = item.object;
    const object =
      typeof objectValue === 'string'
        ? objectValue.trim()
        : typeof objectValue === 'number' || typeof objectValue === 'boolean'
          ? String(objectValue)
          : undefined;
    if (!predicate) {
      report(
        'error',
        'relation-missing-predicate',
        `\`${where}\` has no \`predicate\` (a text such as \`invested_in\`); ignored.`,
        item,
      );
      return;
    }
    if (!object) {
      report(
        'error',
        'relation-missing-object',
        `\`${where}\` (${predicate}) has no \`object\` (a \`/path.md\` or a literal); ignored.`,
        item,
      );
      return;
    }
    let objectPath: string | undefined;
    if (object.startsWith('/')) {
      objectPath = pathRef(`${where}.object`, object, report);
      if (objectPath === undefined) return;
    } else {
      const hint = literalObjectHint(path, where, object);
      if (hint) report('warning', hint.code, hint.message, object);
    }
    const relDate = date('date', item.date, `\`${where}.date\``);
    const source =
      typeof item.source === 'string' || typeof item.source === 'number' ? String(item.source).trim() : undefined;
    if (source && !sourceIds.has(source)) {
      report(
        'warning',
        'unknown-source',
        `\`${where}.source\` "${source}" matches no \`sources[].id\` in this file.`,
        source,
      );
    }
    relations.push({
      predicate,
      object,
      ...(objectPath ? { objectPath } : {}),
      ...(relDate ? { date: relDate } : {}),
      ...(source ? { source } : {}),
    });
  });
  return relations;
}

/** Resolves a written concept path; reports and drops one that escapes the bundle. */
function pathRef(key: string, written: string, report: Report): string | undefined {
  const resolved = resolveConceptRef(written);
  if (resolved === null) {
    report(
      'error',
      'path-escapes-bundle',
      `\`${key}\` path "${written}" points outside the bundle (or is empty); ignored.`,
      written,
    );
    return undefined;
  }
  return resolved;
}

function stringList(key: string, value: unknown, report: Report, code: string): string[] {
  // One array literal for every outcome, the empty one included: an empty `[]` of its own keeps the elements kind of
  // an array never written to (V8 tracks kinds per literal), and code optimized on filled ones deoptimized on it.
  const out: string[] = [];
  if (value === undefined || value === null) return out;
  const items = Array.isArray(value) ? value : [value];
  for (const item of items) {
    if (typeof item === 'string') {
      if (item.trim() !== '') out.push(item.trim());
    } else {
      report(
        'warning',
        code,
        `\`${key}\` entry ${show(item)} is not a string; skipped (quote it: "${String(item)}").`,
        item,
      );
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
}

function show(value: unknown): string {
  // JSON has no NaN or Infinity (`.nan`, `.inf` in YAML): it would show them as `null`.
  const text =
    typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? text.slice(0, 117) + '...' : text;
}
