// MiniSearch (Omnisearch's engine) set up as every bench compares with it: the same four fields, the same column
// emphasis as our bm25() weights, over the concepts an index holds.
import MiniSearch from 'minisearch';
import { rawDatabase, type WikiIndex } from '../../src/core/index/wiki-index';

/** One concept as MiniSearch indexes it. */
export interface MiniDoc {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly tags: string;
  readonly body: string;
}

/** The same column emphasis as our bm25() weights (title 10, description 4, tags 4, body 1). */
export const MINI_SEARCH_OPTIONS = { boost: { title: 10, description: 4, tags: 4 } };

/** An empty MiniSearch over the four fields. */
export function newMiniSearch(): MiniSearch<MiniDoc> {
  return new MiniSearch<MiniDoc>({ fields: ['title', 'description', 'tags', 'body'], idField: 'id' });
}

/** A MiniSearch holding every concept of `index`, in path order. */
export function miniSearchOver(index: WikiIndex): MiniSearch<MiniDoc> {
  const docs = rawDatabase(index)
    .all<{ path: string; title: string; description: string | null; tags: string; body: string }>(
      'select path, title, description, tags, body from concepts order by path',
    )
    .map((r) => ({
      id: r.path,
      title: r.title,
      description: r.description ?? '',
      tags: (JSON.parse(r.tags) as string[]).join(' '),
      body: r.body,
    }));
  const ms = newMiniSearch();
  ms.addAll(docs);
  return ms;
}
