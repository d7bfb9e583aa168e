// What the answer graph needs to know about concepts beyond the facts (titles of successors, staleness,
// supersession), read from the index's catalog: the CLI's and the MCP server's source of ConceptNotes.
import type { WikiIndex } from '../index/wiki-index';
import { catalogOf } from '../retrieval/catalog';
import type { ConceptNote, ConceptNotes } from './answer-graph';
import { conceptMarkers } from './markers';

/** ConceptNotes from the index as of `now` (ISO, the same clock the answer used for stale_after). */
export function conceptNotesOf(index: WikiIndex, now: string): ConceptNotes {
  const { concepts } = catalogOf(index);
  return (path: string): ConceptNote | undefined => {
    const info = concepts.get(path);
    if (!info) return undefined;
    return { title: info.title, ...conceptMarkers(info, now) };
  };
}
