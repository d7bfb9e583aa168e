// Deterministic synthetic OKF bundle for the benchmarks (issue 6): N concepts with realistic titles and
// descriptions, 200–800 word bodies drawn from a fixed Zipf word distribution, 3–8 relations each asserted in
// both directions (spec §7.1), dates, sources, all three trust tiers, some stale and superseded concepts, and
// prose links. The same N and seed give the same bytes on every machine.
//
//   node bench/generate.mjs --n 1000 --out /tmp/okf-bench-1k [--seed 1]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench's "today": stale_after dates before it are stale. */
export const BENCH_TODAY = '2026-11-30';

/** A small, fast, seedable PRNG (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (r, list) => list[Math.floor(r() * list.length)];
const between = (r, lo, hi) => lo + Math.floor(r() * (hi - lo + 1));

const SYLLABLES = (
  'ka lo ri ven tar mo sel dri qua nor bel fin gor ha is ju kel lum mar ' +
  'nev ost pra rin sul tov ul var wen xi yor zan ' +
  'bra cor del esk fal gri hol ilt jor kra lin mes nor oph pel quin ros sta tri umb vel wyr ald ber cas dun'
).split(' ');

/** The i-th pseudo-word: a bijection from integers to syllable strings (distinct i, distinct word). */
function pseudoWord(i, minSyllables = 2) {
  const parts = [];
  let n = i;
  do {
    parts.push(SYLLABLES[n % SYLLABLES.length]);
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0 || parts.length < minSyllables);
  return parts.join('');
}

const capital = (w) => w[0].toUpperCase() + w.slice(1);

/** English function words interleaved with the topic vocabulary, so bodies read like prose to a tokenizer. */
const FUNCTION_WORDS = (
  'the of and to in a is was for on that with as by at from it its which ' +
  'an were be this has had their also into after its his her they'
).split(' ');
/** Real English content words that a wiki of this kind uses (topic-neutral), mixed into the Zipf vocabulary. */
const COMMON_WORDS = (
  'system research project machine language program design theory ' +
  'history laboratory company model data computer network ' +
  'early first later work paper report team method process result version standard engine memory software hardware ' +
  'university government war year century study development production series field problem question method value'
).split(' ');

/** Vocabulary size of the Zipf distribution (pseudo-words plus common words). */
const VOCABULARY = 8000;

/** Cumulative Zipf weights (s = 1.07) over the vocabulary, for binary-search sampling. */
function zipfTable(size, s = 1.07) {
  const cdf = new Float64Array(size);
  let total = 0;
  for (let k = 1; k <= size; k++) {
    total += 1 / Math.pow(k, s);
    cdf[k - 1] = total;
  }
  for (let k = 0; k < size; k++) cdf[k] /= total;
  return cdf;
}
const ZIPF = zipfTable(VOCABULARY);

function vocabularyWord(rank) {
  // Common English words take the top ranks among the topic words; pseudo-words the long tail.
  if (rank < COMMON_WORDS.length) return COMMON_WORDS[rank];
  return pseudoWord(rank + 5000);
}

function zipfWord(r) {
  const x = r();
  let lo = 0;
  let hi = ZIPF.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ZIPF[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return vocabularyWord(lo);
}

function sentence(r, extra) {
  const words = [];
  const length = between(r, 8, 20);
  for (let i = 0; i < length; i++) words.push(r() < 0.42 ? pick(r, FUNCTION_WORDS) : zipfWord(r));
  if (extra) words.splice(between(r, 1, words.length - 1), 0, extra);
  return capital(words.join(' ')) + '.';
}

const FIRST = (
  'Ada Alan Alonzo Anna Barbara Carl Claude Dana Dennis Donald Edsger ' +
  'Elena Emil Frances Grace Hedy Ivan John Joan Karen ' +
  ('Ken Klara Leslie Linus Lynn Margaret Maria Marvin Mary Niklaus Olga ' +
    'Peter Radia Rob Ruth Sophie Tim Tony Ursula Vint ') +
  ('Yuki Zora Amir Bao Chen Deepa Eero Farah Goran Hana Ines Jonas Kofi ' +
    'Lars Mina Noor Omar Priya Quentin Rosa Sami Tomas')
).split(' ');
const TYPES = [
  { type: 'Person', folder: 'entities/people', share: 0.4 },
  { type: 'Organization', folder: 'entities/organizations', share: 0.2 },
  { type: 'Product', folder: 'entities/products', share: 0.2 },
  { type: 'Place', folder: 'entities/places', share: 0.1 },
  { type: 'Concept', folder: 'concepts', share: 0.1 },
];
const ORG_SUFFIX = [
  'Laboratories',
  'Institute',
  'Computing Company',
  'Research Center',
  'Systems',
  'University',
  'Foundation',
];
const PRODUCT_NOUN = [
  'Compiler',
  'Processor',
  'Operating System',
  'Language',
  'Calculator',
  'Database',
  'Protocol',
  'Workstation',
];
const PLACE_SUFFIX = ['Valley', 'Park', 'Harbour', 'Heights', 'Station', 'Campus'];
const CONCEPT_HEAD = ['theory', 'architecture', 'method', 'principle', 'model', 'problem'];
const PROFESSION = [
  'mathematician',
  'engineer',
  'computer scientist',
  'logician',
  'programmer',
  'physicist',
  'cryptanalyst',
];
const NATIONALITY = [
  'English',
  'American',
  'Hungarian',
  'Finnish',
  'Japanese',
  'Brazilian',
  'Nigerian',
  'Indian',
  'Dutch',
  'Polish',
];

/** Inverse predicate pairs (spec §7.1), by the types they join. */
const PAIRS = {
  'Person>Organization': [['worked_at', 'employed']],
  'Person>Product': [
    ['created', 'created_by'],
    ['designed', 'designed_by'],
  ],
  'Person>Person': [
    ['collaborated_with', 'collaborated_with'],
    ['advised', 'advised_by'],
    ['influenced', 'influenced_by'],
  ],
  'Product>Organization': [['developed_at', 'development_site_of']],
  'Organization>Place': [['located_in', 'location_of']],
  'Product>Product': [
    ['influenced', 'influenced_by'],
    ['motivated', 'motivated_by'],
    ['succeeded', 'preceded'],
  ],
  'Concept>Person': [['proposed_by', 'proposed']],
  'Concept>Concept': [['enabled', 'enabled_by']],
  '*': [
    ['influenced', 'influenced_by'],
    ['contributed_to', 'had_contributor'],
  ],
};

function pairFor(r, a, b) {
  const list = PAIRS[`${a}>${b}`];
  if (list) return { forward: pick(r, list), flipped: false };
  const back = PAIRS[`${b}>${a}`];
  if (back) return { forward: pick(r, back), flipped: true };
  return { forward: pick(r, PAIRS['*']), flipped: false };
}

const iso = (year, month, day) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const randomDate = (r, from = 1820, to = 2024) => iso(between(r, from, to), between(r, 1, 12), between(r, 1, 28));

/**
 * The plan of a bundle: every concept's path, type, title, description and relations, without bodies
 * (bodies are rendered on demand, so planning 50,000 concepts stays cheap).
 */
export function planBundle(n, seed = 1) {
  const r = rng(seed);
  const concepts = [];
  const slugs = new Set();
  const counters = {};
  for (let i = 0; i < n; i++) {
    const kind = pickType(i, n);
    const k = (counters[kind.type] = (counters[kind.type] ?? 0) + 1) - 1;
    const title = titleFor(kind.type, k);
    let slug = title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '');
    if (slugs.has(slug)) slug = `${slug}-${i}`;
    slugs.add(slug);
    const trust = i % 3 === 0 ? 'human' : i % 3 === 1 ? 'machine' : 'none';
    concepts.push({
      i,
      type: kind.type,
      path: `/${kind.folder}/${slug}.md`,
      slug,
      title,
      description: descriptionFor(r, kind.type, title),
      tags: [kind.type.toLowerCase(), zipfWord(r), zipfWord(r)].filter((t, j, all) => all.indexOf(t) === j),
      trust,
      generatedAt: `${randomDate(r, 2025, 2026)}T09:00:00Z`,
      quota: between(r, 3, 8),
      relations: [],
      seedBody: Math.floor(r() * 2 ** 31),
    });
  }
  // Literal facts first (one per concept), then entity-to-entity relations in both directions up to each quota.
  for (const c of concepts) {
    const predicate = {
      Person: 'born_on',
      Organization: 'founded_on',
      Product: 'released_on',
      Place: 'established_on',
      Concept: 'first_described_on',
    }[c.type];
    c.relations.push({ predicate, object: JSON.stringify(randomDate(r)), source: 'src-1' });
  }
  for (const c of concepts) {
    let tries = 0;
    while (c.relations.length < c.quota && tries++ < 20) {
      // Mostly near neighbours in the list (clusters, like a real wiki's topics), sometimes anywhere.
      const j = r() < 0.7 ? (c.i + between(r, 1, 200)) % n : Math.floor(r() * n);
      const o = concepts[j];
      if (j === c.i || o.relations.length >= o.quota || o.relations.some((x) => x.object === c.path)) continue;
      const { forward, flipped } = pairFor(r, c.type, o.type);
      const [p, q] = flipped ? [forward[1], forward[0]] : forward;
      const date = r() < 0.7 ? randomDate(r) : undefined;
      c.relations.push({ predicate: p, object: o.path, date, source: 'src-1' });
      o.relations.push({ predicate: q, object: c.path, date, source: 'src-1' });
    }
  }
  // Lifecycle: ~2% stale, ~1% in supersession chains of two or three (spec §7.7), both ends written.
  for (const c of concepts) if (c.i % 50 === 7) c.staleAfter = '2025-06-30';
  for (let start = 11; start + 2 < n; start += 150) {
    const chain = [concepts[start], concepts[start + 1], ...(start % 300 === 11 ? [concepts[start + 2]] : [])];
    for (let k = 0; k + 1 < chain.length; k++) {
      const at = randomDate(r, 1990, 2020);
      chain[k].status = 'superseded';
      chain[k].supersededBy = chain[k + 1].path;
      chain[k].supersededAt = at;
      (chain[k + 1].supersedes ??= []).push(chain[k].path);
    }
  }
  return concepts;
}

function pickType(i, n) {
  // Deterministic interleaving by share, so every prefix of the bundle has the same mix.
  const x = (((i * 0.6180339887) % 1) + 1) % 1;
  let acc = 0;
  for (const t of TYPES) {
    acc += t.share;
    if (x < acc) return t;
  }
  void n;
  return TYPES[0];
}

function titleFor(type, k) {
  switch (type) {
    case 'Person':
      return `${FIRST[k % FIRST.length]} ${capital(pseudoWord(Math.floor(k / FIRST.length) + 40))}`;
    case 'Organization':
      return `${capital(pseudoWord(k + 100))} ${ORG_SUFFIX[k % ORG_SUFFIX.length]}`;
    case 'Product':
      return `${capital(pseudoWord(k + 900))} ${PRODUCT_NOUN[k % PRODUCT_NOUN.length]}`;
    case 'Place':
      return `${capital(pseudoWord(k + 1700))} ${PLACE_SUFFIX[k % PLACE_SUFFIX.length]}`;
    default:
      return `${capital(pseudoWord(k + 2500))} ${CONCEPT_HEAD[k % CONCEPT_HEAD.length]}`;
  }
}

function descriptionFor(r, type, title) {
  const topic = () => `${zipfWord(r)} ${zipfWord(r)}`;
  switch (type) {
    case 'Person':
      return `${pick(r, NATIONALITY)} ${pick(r, PROFESSION)} known for work on ${topic()} and ${zipfWord(r)}.`;
    case 'Organization':
      return `Research organisation behind the ${topic()} programme and early ${zipfWord(r)} systems.`;
    case 'Product':
      return `${title.split(' ').slice(1).join(' ')} for ${topic()}, notable for its ${zipfWord(r)} design.`;
    case 'Place':
      return `Site associated with ${topic()} research and the ${zipfWord(r)} community.`;
    default:
      return `Idea in ${topic()} that explains how ${zipfWord(r)} relates to ${zipfWord(r)}.`;
  }
}

const TRUST_YAML = {
  human: 'verified: [{ by: "human:editor", at: "2026-02-01T10:00:00Z" }]',
  machine: 'verified: { by: "agent:fact-checker", at: "2026-02-01T10:00:00Z" }',
  none: undefined,
};

/** The concept file of one planned concept. */
export function renderConcept(c, concepts) {
  const r = rng(c.seedBody);
  const lines = [
    '---',
    `type: ${c.type}`,
    `title: ${JSON.stringify(c.title)}`,
    `description: ${JSON.stringify(c.description)}`,
    `tags: [${c.tags.join(', ')}]`,
  ];
  lines.push(`generated: { by: "agent:bench-generator", at: "${c.generatedAt}" }`);
  if (TRUST_YAML[c.trust]) lines.push(TRUST_YAML[c.trust]);
  if (c.staleAfter) lines.push(`stale_after: "${c.staleAfter}"`);
  if (c.status)
    lines.push(`status: ${c.status}`, `superseded_by: ${c.supersededBy}`, `superseded_at: "${c.supersededAt}"`);
  if (c.supersedes) lines.push(`supersedes: [${c.supersedes.join(', ')}]`);
  lines.push(
    'sources:',
    `  - { id: src-1, resource: "https://example.org/${c.slug}", title: ${JSON.stringify(`Notes on ${c.title}`)} }`,
  );
  if (r() < 0.5) lines.push(`  - { id: src-2, resource: "references/${c.slug}-notes.md", title: "Reference notes" }`);
  lines.push('relations:');
  for (const rel of c.relations) {
    const parts = [`predicate: ${rel.predicate}`, `object: ${rel.object}`];
    if (rel.date) parts.push(`date: "${rel.date}"`);
    parts.push(`source: ${rel.source}`);
    lines.push(`  - { ${parts.join(', ')} }`);
  }
  lines.push('---', '', '# Summary', '');
  // Body: 200–800 words in paragraphs, mentioning related concepts by title as links (markdown and wiki links).
  const target = between(r, 200, 800);
  const related = c.relations.filter((x) => x.object.startsWith('/')).map((x) => x.object);
  const byPath = concepts.byPath;
  let words = 0;
  let paragraph = [];
  let linkIndex = 0;
  while (words < target) {
    let extra;
    if (related.length > 0 && r() < 0.12 && linkIndex < related.length) {
      const other = byPath.get(related[linkIndex++]);
      extra = r() < 0.7 ? `[${other.title}](${other.path})` : `[[${other.slug}]]`;
    }
    const s = sentence(r, extra);
    words += s.split(' ').length;
    paragraph.push(s);
    if (paragraph.length >= between(r, 3, 6)) {
      lines.push(paragraph.join(' '), '');
      paragraph = [];
    }
  }
  if (paragraph.length > 0) lines.push(paragraph.join(' '), '');
  return lines.join('\n');
}

/** Every file of the bundle, as [bundle path, text], in path order of the plan. */
export function* bundleFiles(n, seed = 1) {
  const concepts = planBundle(n, seed);
  concepts.byPath = new Map(concepts.map((c) => [c.path, c]));
  for (const c of concepts) yield [c.path, renderConcept(c, concepts)];
}

/** Writes the bundle under `dir` (emptied first). Returns the plan, for building questions. */
export function writeBundle(dir, n, seed = 1) {
  rmSync(dir, { recursive: true, force: true });
  const concepts = planBundle(n, seed);
  concepts.byPath = new Map(concepts.map((c) => [c.path, c]));
  const made = new Set();
  for (const c of concepts) {
    const full = nodePath.join(dir, ...c.path.split('/').filter(Boolean));
    const folder = nodePath.dirname(full);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(full, renderConcept(c, concepts));
  }
  return concepts;
}

const OFF_DOMAIN = [
  'How do I fix a flat bicycle tire?',
  'What is the capital of Australia?',
  'Who painted the Mona Lisa?',
  'What are the health benefits of green tea?',
  'How tall is Mount Everest?',
  'What is the recipe for chocolate chip cookies?',
  'Who won the 2018 FIFA World Cup?',
  'Explain how vaccines train the immune system',
];

/**
 * Questions for the latency figures: by title (exact-title signal), by description words (BM25), WHY/WHEN
 * wording (intent weights), and off-domain ones (abstention), in a fixed mix.
 */
export function benchQuestions(concepts, count = 200, seed = 7) {
  const r = rng(seed);
  const out = [];
  for (let k = 0; k < count; k++) {
    const c = concepts[Math.floor(r() * concepts.length)];
    const mode = k % 10;
    if (mode < 4) out.push(c.type === 'Person' ? `Who is ${c.title}?` : `What is ${c.title}?`);
    else if (mode < 7) out.push(`Which ${c.description.replace(/[.,]/g, '').split(' ').slice(-4).join(' ')}?`);
    else if (mode === 7)
      out.push(c.type === 'Product' ? `Why was the ${c.title} created?` : `When was ${c.title} founded?`);
    else out.push(OFF_DOMAIN[k % OFF_DOMAIN.length]);
  }
  return out;
}

// Run as a script (not when bundled into the benchmark worker, where import.meta.url is empty).
if (import.meta.url && process.argv[1] && fileURLToPath(import.meta.url) === nodePath.resolve(process.argv[1])) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const n = Number(arg('--n', '1000'));
  const out = arg('--out');
  if (!Number.isInteger(n) || n < 1 || !out) {
    console.error('usage: node bench/generate.mjs --n 1000 --out DIR [--seed 1]');
    process.exit(2);
  }
  const started = Date.now();
  writeBundle(nodePath.resolve(out), n, Number(arg('--seed', '1')));
  console.log(`wrote ${n} concepts to ${out} in ${Date.now() - started} ms`);
}
