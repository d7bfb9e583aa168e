// Bundles for the answer-graph tests: concept titles that try to break Mermaid's syntax, and a hub with more
// facts than the graph draws (STYLE.md 9: builders, one scenario each).
import type { ConceptSpec } from '../support/retrieval-bundle';

/** Titles that are Mermaid syntax, HTML, entities, emoji, or far too long; the question names the first. */
export const HOSTILE_QUESTION = 'Who is Quote "Q" [x] (y) {z} | pipe?';

export const HOSTILE_SPECS: Record<string, ConceptSpec> = {
  '/entities/quote.md': {
    title: 'Quote "Q" [x] (y) {z} | pipe',
    verified: 'human',
    relations: [
      { predicate: 'knows', object: '/entities/end.md' },
      { predicate: 'member_of', object: '/entities/emoji.md', date: '1999-12-31' },
      { predicate: 'wrote', object: '/entities/long.md' },
      { predicate: 'said', object: 'a --> b; click n0 "x" %%{init: {"theme":"dark"}}%%' },
      { predicate: 'has|pipe"quote', object: '<img src=x onerror=alert(1)> & #quot; `tick`' },
      { predicate: 'linked_to', object: '/entities/directive.md' },
    ],
  },
  '/entities/end.md': {
    title: 'end',
    verified: 'machine',
    relations: [
      { predicate: 'knows', object: '/entities/quote.md' },
      { predicate: 'precedes', object: '/entities/subgraph.md' },
    ],
  },
  '/entities/subgraph.md': { title: 'subgraph', relations: [{ predicate: 'style', object: 'fill:#f00' }] },
  '/entities/emoji.md': {
    title: '🚀 Rocket Lab 👩‍👩‍👧 — ünïcödé',
    relations: [{ predicate: 'classDef', object: ':::seed' }],
  },
  '/entities/long.md': {
    title:
      'A title so long that no node could ever hold it whole, going on and on about the history of computing machines',
    relations: [{ predicate: 'linkStyle', object: '0 stroke:red' }],
  },
  '/entities/directive.md': { title: '%%{init: {"theme":"forest"}}%% <b>bold</b> \\ back\\slash', relations: [] },
};

/** A hub with 2×`n` facts (`n` neighbours, `n` dated values), each neighbour one fact further: 3×`n` in all. */
export function hubSpecs(n = 20): Record<string, ConceptSpec> {
  const specs: Record<string, ConceptSpec> = {};
  const relations: { predicate: string; object: string; date?: string }[] = [];
  for (let i = 0; i < n; i++) {
    const n = String(i).padStart(2, '0');
    relations.push({ predicate: `works_with`, object: `/entities/node-${n}.md` });
    relations.push({ predicate: `milestone_${n}`, object: `event ${n}`, date: `19${n}-01-01` });
    specs[`/entities/node-${n}.md`] = {
      title: `Node ${n}`,
      verified: i % 3 === 0 ? 'human' : i % 3 === 1 ? 'machine' : 'none',
      relations: [{ predicate: 'located_in', object: `/entities/place-${String(i % 5)}.md` }],
    };
  }
  for (let i = 0; i < 5; i++) specs[`/entities/place-${i}.md`] = { title: `Place ${i}` };
  specs['/entities/hub.md'] = { title: 'Central Hub', verified: 'human', relations };
  return specs;
}
