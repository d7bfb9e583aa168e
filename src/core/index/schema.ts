// The wiki.db schema (spec §5, §11.2). Bump SCHEMA_VERSION on any change: a wiki.db with another version is
// rebuilt from the concept files, never trusted; only its vectors are carried, while `embeddings` and `calibration`
// keep their shape here (carry.ts). Change those two only with care: any change there drops every stored vector.

/** Version of the tables below. */
export const SCHEMA_VERSION = 6;

/**
 * The page size of a new index. 16 KiB, not the engine's 8 KiB: a concept row (~4.7 KB at the bench's 10,000
 * concepts) fits once in an 8 KiB page and three times in 16 KiB, a 3 KB vector twice and five times; the same
 * rows take ~20% less memory and file. A wiki.db written with another page size still loads and is kept as it is.
 */
export const PAGE_SIZE = 16384;

/** Marks a database as ours (meta `format`), so a random SQLite file is not mistaken for an index. */
export const INDEX_FORMAT = 'okf-graph-wiki';

/** Tables in dependency order; `dumpIndex` and tests walk them by name. */
export const TABLES = [
  'meta',
  'files',
  'concepts',
  'concepts_fts',
  'edges',
  'links',
  'embeddings',
  'calibration',
  'diagnostics',
] as const;

export const SCHEMA_SQL = `
create table meta (key text primary key, value text not null) without rowid;

-- Every file read, concept or not, with its content hash: what the plugin compares to catch up after a restart.
create table files (
  path text primary key,
  hash text not null,
  status text not null check (status in ('concept', 'invalid', 'skipped')),
  mtime integer,                  -- when the source could tell: lets a catch-up skip unchanged files unread
  size integer,
  ctime integer                   -- the inode's change time, where the shell sees one (the CLI; not Obsidian)
) without rowid;

-- One row per concept (spec §5). List fields are JSON text, queryable with json_each/json_extract.
-- A rowid table: its rowid keys the FTS index, which reads its text from here instead of storing a copy.
create table concepts (
  path text primary key,          -- bundle path, '/entities/x.md' (matches relation objects as written)
  id text not null,               -- OKF §2 identity, 'entities/x'
  type text not null,
  title text not null,
  description text,
  tags text not null,             -- JSON array of strings
  aliases text not null,          -- JSON array of strings (Obsidian 'aliases')
  resource text,
  sources text not null,          -- JSON array of {id, resource, title}
  relations text not null,        -- JSON array of {predicate, object, objectPath, date, source}
  generated_by text,
  generated_at text,
  verified text not null,         -- JSON array of {by, at}
  trust text not null check (trust in ('human-reviewed', 'machine-confirmed', 'unverified')),
  status text,
  stale_after text,
  superseded_by text,
  superseded_at text,
  supersedes text not null,       -- JSON array of paths
  extra text not null,            -- JSON object: frontmatter keys this tool does not model, kept as written
  body text not null,
  hash text not null
);
create index idx_concepts_superseded_by on concepts(superseded_by);

-- BM25 keyword search (spec §6.1). Diacritics folded so 'godel' finds 'Gödel'; English stems (porter) so
-- 'designed' finds 'design' (the coverage gate stems the same way, retrieval/stem.ts). External content: the text
-- lives once, in concepts (tags and aliases are tokenized from their JSON text); rows are keyed by rowid.
create virtual table concepts_fts using fts5(
  path unindexed, title, aliases, description, tags, body,
  content = 'concepts', content_rowid = 'rowid',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- How many concepts hold each indexed term (a view over the FTS index, no storage of its own): the weights of
-- IDF-weighted coverage (retrieval/bm25.ts).
create virtual table concepts_vocab using fts5vocab(concepts_fts, row);

-- Relations flattened (spec §11.2): indexed joins instead of json_each scans during expansion.
create table edges (
  subject_path text not null,
  ord integer not null,
  predicate text not null,
  object_path text,               -- null when the object is a literal
  object_literal text,            -- set when the object is not a concept path
  date text,
  source_id text,
  primary key (subject_path, ord)
) without rowid;
create index idx_edges_object on edges(object_path);
create index idx_edges_predicate on edges(predicate);

-- Prose links in bodies: markdown links resolved against the linking file, wikilinks by name.
create table links (
  source_path text not null,
  ord integer not null,
  kind text not null check (kind in ('markdown', 'wikilink')),
  raw text not null,
  target_path text,
  root_path text,                 -- bundle-root reading of a bare 'a/b.md' link
  primary key (source_path, ord)
) without rowid;
create index idx_links_target on links(target_path);

-- One vector per concept, tied to the model and the content hash it was computed from.
-- Stored as little-endian float32 (a quarter the size of JSON text, no parsing per query). A rowid table:
-- WITHOUT ROWID would push each 3 KB vector into its own overflow page, doubling the file.
create table embeddings (
  path text primary key,
  model text not null,
  hash text not null,
  dim integer not null,
  vector blob not null
);

-- The vector gate calibrated for an embedding model on this bundle (embed/calibrate.ts), one row per model:
-- what off-topic questions and the concepts' own pseudo-questions reach, and the gate set between them.
create table calibration (
  model text primary key,
  dim integer not null,
  concepts integer not null,      -- concepts with a vector when calibrated (a material change recalibrates)
  gate real not null,             -- a vector candidate is trusted at or above this cosine similarity
  trust real not null,            -- weight of the vector signal in the fusion, 0-1
  summary text not null           -- JSON: offTopic and ownConcept distributions, selfHitAt1
) without rowid;

create table diagnostics (
  path text not null,
  ord integer not null,
  severity text not null check (severity in ('error', 'warning', 'info')),
  code text not null,
  message text not null,
  line integer,
  value text,
  primary key (path, ord)
) without rowid;
`;

/**
 * The secondary indexes' statements, as SCHEMA_SQL writes them. A full build creates them after the rows: one sort
 * each, where keeping them up to date row by row cost more than the inserts themselves (edges' two indexes).
 */
export const SECONDARY_INDEXES: readonly { readonly name: string; readonly sql: string }[] = [
  ...SCHEMA_SQL.matchAll(/^create index (\w+) on [^;]+;$/gm),
].map((m) => ({ name: m[1], sql: m[0] }));
