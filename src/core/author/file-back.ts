// file-back (spec §7.2): a synthesized answer worth keeping becomes a new Concept page, with `generated {by, at}`
// saying who wrote it and when, under a safe file name derived from its title. Never overwrites a page.
import type { Node, Scalar } from 'yaml';
import { escapeControls, hasControlCharacters } from '../okf/controls';
import { normalizeBundlePath, isHidden, isUnderReferences } from '../okf/paths';
import type { BundleSource, Clock } from '../types';
import { listing, type Listing } from './concept-files';
import { slugify } from './slug';
import { refused, type AuthorPlan } from './types';
import { unifiedDiff } from './unified-diff';
import { renderPair, sequenceOf, stringMap, stringScalar } from './yaml-render';

/** What to file back. */
export interface FileBackRequest {
  readonly title: string;
  /** OKF `type` (spec §4.1); default `Concept`. */
  readonly type?: string;
  /** One sentence for `description`. */
  readonly description?: string;
  readonly tags?: readonly string[];
  /** The page's markdown body (no frontmatter). */
  readonly body: string;
  /** Who wrote it, in OKF's actor convention (`human:alice`, `agent:claude`); stamped as `generated.by`. */
  readonly by: string;
  /** Folder for the page (`/concepts`); default `/entities` for the entity types of spec §4.1, else `/concepts`. */
  readonly folder?: string;
}

/** The entity-page types of spec §4.1, filed under `entities/`; anything else goes to `concepts/`. */
const ENTITY_TYPES = new Set(['Person', 'Organization', 'Product', 'Place', 'Country', 'Entity']);

/** Plans `file-back`, reading the bundle's file list to avoid overwriting a page. */
export async function planFileBack(source: BundleSource, request: FileBackRequest, clock: Clock): Promise<AuthorPlan> {
  return planFileBackIn(await listing(source), request, clock);
}

/** Plans `file-back` against a known file list (pure). */
export function planFileBackIn(files: Listing, request: FileBackRequest, clock: Clock): AuthorPlan {
  const title = request.title.trim();
  const type = (request.type ?? 'Concept').trim();
  const description = request.description?.trim();
  const by = request.by.trim();
  if (title === '') return refused('file-back', 'the title is empty; a page needs a title');
  for (const [what, value] of [
    ['title', title],
    ['type', type],
    ['description', description],
    ['actor (--by)', by],
  ] as const) {
    if (value !== undefined && /[\r\n]/.test(value)) return refused('file-back', `the ${what} must be one line`);
    if (value !== undefined && hasControlCharacters(value)) return refused('file-back', controlsIn(what, value));
  }
  for (const tag of request.tags ?? [])
    if (hasControlCharacters(tag)) return refused('file-back', controlsIn('tag', tag));
  // The reader takes a file with a NUL byte for binary data and refuses it: filed, the page could not be read back.
  if (request.body.includes('\u0000'))
    return refused('file-back', 'the body holds a NUL character (U+0000); the page would be read as binary data');
  if (type === '') return refused('file-back', 'the type is empty (OKF §4.1 requires one, e.g. Concept)');
  if (by === '')
    return refused('file-back', 'the actor is empty; say who wrote the page, e.g. human:alice or agent:claude');
  if (request.body.trim() === '') return refused('file-back', 'the body is empty; there is nothing to file back');
  if (/^\uFEFF?---[ \t]*\r?\n/.test(request.body))
    return refused('file-back', 'the body starts with its own YAML frontmatter; pass only the markdown body');

  const folder = normalizeBundlePath(request.folder ?? (ENTITY_TYPES.has(type) ? '/entities' : '/concepts'));
  if (folder === null || isHidden(folder) || isUnderReferences(folder + '/') || folder === '/references') {
    return refused(
      'file-back',
      `folder "${request.folder}" is not a place for concept pages (outside the bundle, hidden, or references/)`,
    );
  }
  const slug = slugify(title);
  if (slug === '') return refused('file-back', `title "${title}" has no letter or digit to name the file with`);
  const path = `${folder}/${slug}.md`;
  const taken = [...files].find((f) => f.toLowerCase() === path.toLowerCase());
  if (taken !== undefined)
    return refused(
      'file-back',
      `a page already exists at ${taken}; it was not overwritten. Choose another title, or edit that page.`,
    );

  const text = renderPage({
    type,
    title,
    description,
    tags: request.tags,
    by,
    at: clock.now().replace(/\.\d+Z$/, 'Z'),
    body: request.body,
  });
  return {
    kind: 'change',
    operation: 'file-back',
    summary: `Filed back "${title}" as ${path}.`,
    changes: [{ path, before: null, after: text, diff: unifiedDiff(path, null, text) }],
    notes: [],
  };
}

/** Control characters (ESC, BEL, ...) in a one-line field reach log.md and terminals: refused, named escaped. */
const controlsIn = (what: string, value: string) =>
  `the ${what} ${escapeControls(JSON.stringify(value))} holds control characters; remove them`;

/** The page text: frontmatter written by the yaml stringifier in the spec's style (§4.4), a blank line, the body. */
function renderPage(page: {
  type: string;
  title: string;
  description?: string;
  tags?: readonly string[];
  by: string;
  at: string;
  body: string;
}): string {
  const style = { mapPadding: true, seqPadding: false };
  const lines: string[] = [];
  const add = (key: string, value: Node) => lines.push(...renderPair(key, value, style));
  add('type', stringScalar(page.type));
  add('title', stringScalar(page.title));
  if (page.description) add('description', stringScalar(page.description));
  const tags = (page.tags ?? []).map((t) => t.trim()).filter(Boolean);
  if (tags.length > 0)
    add(
      'tags',
      sequenceOf(
        tags.map((t) => stringScalar(t)),
        true,
      ),
    );
  // Quoted like the spec's examples (`by: "agent/x"`, `at: "…Z"`).
  const stamp = stringMap(
    [
      ['by', page.by],
      ['at', page.at],
    ],
    true,
  );
  for (const item of stamp.items) (item.value as Scalar).type = 'QUOTE_DOUBLE';
  add('generated', stamp);
  const body = page.body.replace(/^(?:[ \t]*\r?\n)+/, '');
  return `---\n${lines.join('\n')}\n---\n\n${body.endsWith('\n') ? body : body + '\n'}`;
}
