// A single-word phrase's rows and weighted frequencies read from FTS5's own doclists (concepts_fts_data), in
// JavaScript, so bm25() can be recomputed (bm25-frequencies.ts) without FTS5 scoring the word row by row.
//
// Why: the first time a question asks a common word after an index change, FTS5's bm25() scores it over every row it
// is on (20–50 ms for a word on 7,000–10,000 pages at 10,000 concepts, ~2.5 µs a row, mostly a docsize lookup per
// row). The row sizes are kept already (RowSizes); what was missing is each row's frequency of the word per column.
// The format is fts5_index.c's (SQLite 3.54): a structure record (rowid 10) listing the segments, newest last in each
// level; per segment a b-tree in %_idx (segid, term, pgno·2 + dlidx) pointing at the leaf page where a term may start;
// leaves of a 4-byte header (first rowid's offset, footer's offset), terms prefix-compressed, each followed by its
// doclist (an absolute first rowid, then deltas; each entry a size·2 + delete flag varint and a position list of
// column markers 0x01 + column and positions); doclists and position lists span pages, a page's first rowid stored
// whole. Several segments hold a term: for a rowid the newest segment's entry decides, and an empty one deletes it
// (fts5MultiIterDoCompare, bSkipEmpty). This reader follows those routines step by step; anything it does not know
// (another declaration, config version or key, a V2 structure with tombstones, a page it cannot place, a transaction
// open, whose pending terms sit in FTS5's memory) gives null, and the caller asks FTS5.
import {
  cursor,
  endOfDoclist,
  entries,
  type Entries,
  type Leaf,
  mergeNewestFirst,
  push,
  seek,
  Unread,
  varint,
  varintAt,
  weighted,
} from './fts5-leaves';
import { ftsDeclaration } from './bm25-touched';
import type { Database } from './sqlite';

/** A phrase's rows in rowid order and each one's weighted frequency (the sum of its instances' column weights). */
export interface PhraseRows {
  readonly ids: Float64Array;
  readonly freqs: Float64Array;
}

/** The %_data rowid of a segment's leaf page (fts5_index.c FTS5_SEGMENT_ROWID: segid << 37, plus the page). */
const leafId = (segid: number, pgno: number) => segid * 2 ** 37 + pgno;

/** The structure record's rowid, the key prefix of the main index, the config version this reader knows. */
const STRUCTURE_ID = 10;
const MAIN_PREFIX = 0x30;
const VERSION = 4;
/** Config keys that do not change the format read here (secure-delete, insttoken and any other do: not read). */
const KNOWN_CONFIG = new Set(['version', 'pgsz', 'hashsize', 'automerge', 'crisismerge', 'usermerge', 'rank']);
/** concepts_fts's declaration as schema.ts writes it: full detail, no prefix index, column sizes kept. */
const DECLARED =
  /^path unindexed,title,aliases,description,tags,body,content='concepts',content_rowid='rowid',tokenize=/;

/** The doclists of one database's concepts_fts, read for a phrase at a time. */
export class Doclists {
  private declared: boolean | undefined;
  private readonly tokens = new Map<string, Uint8Array | null>();
  /** The segments (null: a config or structure not read here) as of a state of the index the caller counts. */
  private layout: { state: number; segments: Segment[] | null } | undefined;

  constructor(private readonly db: Database) {}

  /**
   * The rows holding `phrase` (a MATCH phrase, `"word"`) and each one's frequency weighted by `weights` (bm25()'s
   * column weights, whole numbers), as FTS5's bm25() counts them; null when the reader cannot say for sure.
   * May write to its temp tokenizer table (the caller absorbs the change counter's move). `state`: the caller's
   * count of index changes, when it has one: the config and structure are read once per state.
   */
  read(phrase: string, weights: readonly number[], state?: number): PhraseRows | null {
    if (!weights.every((w) => Number.isInteger(w) && w >= 0 && w <= 1_000_000)) return null;
    // Inside a transaction FTS5 holds pending terms in memory (and the tokenizer table made there could roll back).
    if (this.db.inTransaction()) return null;
    const segments = this.segmentsOn(state);
    const token = segments && this.token(phrase);
    try {
      if (!segments || !token) return null;
      const key = new Uint8Array(token.length + 1);
      key[0] = MAIN_PREFIX;
      key.set(token, 1);
      const found: Entries[] = [];
      for (const segment of segments) {
        const e = this.segmentEntries(segment, key, weights);
        if (e.n > 0) found.push(e);
      }
      return mergeNewestFirst(found);
    } catch (error) {
      if (error instanceof Unread) return null;
      throw error;
    }
  }

  /** Whether `phrase` can be read here at all (declaration, config, structure, one token); no doclist is read. */
  readable(phrase: string, state?: number): boolean {
    return !this.db.inTransaction() && this.segmentsOn(state) !== null && this.token(phrase) !== null;
  }

  /** Reads the declaration, config and segments on `state` now, so that the first phrase read does not. */
  prepare(state: number): void {
    if (!this.db.inTransaction()) this.segmentsOn(state);
  }

  /** The segments on `state` (read again without one), or null when the config or structure is not read here. */
  private segmentsOn(state: number | undefined): Segment[] | null {
    if (state === undefined || this.layout?.state !== state) {
      let segments: Segment[] | null = null;
      try {
        segments = this.understood() ? this.segments() : null;
      } catch (error) {
        if (!(error instanceof Unread)) throw error;
      }
      this.layout = { state: state ?? -1, segments };
    }
    return this.layout.segments;
  }

  /** The declaration and config this reader knows: checked on every read (config rows are few). */
  private understood(): boolean {
    if (this.declared === undefined) {
      const args = ftsDeclaration(this.db);
      const flat = args
        ?.replace(/\s*([,=])\s*/g, '$1')
        .replace(/\s+/g, ' ')
        .trim();
      this.declared = flat !== undefined && DECLARED.test(flat) && this.prepareTokenizer(flat);
    }
    if (!this.declared) return false;
    const config = this.db.all<{ k: string; v: unknown }>('select k, v from main.concepts_fts_config');
    return config.every((r) => KNOWN_CONFIG.has(r.k)) && config.some((r) => r.k === 'version' && r.v === VERSION);
  }

  /** A temp, contentless FTS5 table with concepts_fts's tokenizer and its instance vocabulary: FTS5 tokenizes. */
  private prepareTokenizer(flat: string): boolean {
    const tokenize = /,(tokenize='[^']*')$/.exec(flat)?.[1];
    if (!tokenize) return false;
    this.db.exec(
      `create virtual table if not exists temp.okf_bm25_tok using fts5(t, ${tokenize}, content = '');
       create virtual table if not exists temp.okf_bm25_tokv using fts5vocab(temp, 'okf_bm25_tok', 'instance');`,
    );
    return true;
  }

  /** The one token FTS5 makes of a phrase's text (its UTF-8 bytes), or null for none or several. */
  private token(phrase: string): Uint8Array | null {
    let token = this.tokens.get(phrase);
    if (token === undefined) {
      const text = /^"((?:[^"]|"")*)"$/.exec(phrase)?.[1].replace(/""/g, '"');
      token = null;
      if (text !== undefined) {
        this.db.run('insert into temp.okf_bm25_tok (rowid, t) values (1, ?)', [text]);
        const terms = this.db.all<{ term: Uint8Array }>('select cast(term as blob) as term from temp.okf_bm25_tokv');
        this.db.run("insert into temp.okf_bm25_tok (okf_bm25_tok) values ('delete-all')");
        if (terms.length === 1 && terms[0].term instanceof Uint8Array && terms[0].term.length > 0)
          token = terms[0].term;
      }
      if (this.tokens.size >= 10_000) this.tokens.clear();
      this.tokens.set(phrase, token);
    }
    return token;
  }

  /** The segments, newest first (fts5MultiIterNew's order: level 0 first, each level's last segment first). */
  private segments(): Segment[] | null {
    const block = this.db.get<{ block: Uint8Array }>('select block from main.concepts_fts_data where id = ?', [
      STRUCTURE_ID,
    ])?.block;
    if (!(block instanceof Uint8Array) || block.length < 5) return null;
    // A V2 record (contentless_delete tables, with tombstones) is not read.
    if (block[4] === 0xff) return null;
    let at = 4;
    let nLevel: number, nSegment: number;
    [nLevel, at] = varint(block, at);
    [nSegment, at] = varint(block, at);
    [, at] = varint(block, at);
    const out: Segment[] = [];
    for (let level = 0; level < nLevel; level++) {
      let nMerge: number, nSeg: number;
      [nMerge, at] = varint(block, at);
      [nSeg, at] = varint(block, at);
      if (nMerge > nSeg) return null;
      const inLevel: Segment[] = [];
      for (let s = 0; s < nSeg; s++) {
        let segid: number, first: number, last: number;
        [segid, at] = varint(block, at);
        [first, at] = varint(block, at);
        [last, at] = varint(block, at);
        if (last < first || segid <= 0 || segid > 0xffff) return null;
        inLevel.push({ segid, first, last });
      }
      out.push(...inLevel.reverse());
    }
    if (out.length !== nSegment || at !== block.length) return null;
    return out;
  }

  private leaf(segid: number, pgno: number): Leaf {
    const a = this.db.get<{ block: Uint8Array }>('select block from main.concepts_fts_data where id = ?', [
      leafId(segid, pgno),
    ])?.block;
    if (!(a instanceof Uint8Array) || a.length < 4) throw new Unread();
    const szLeaf = (a[2] << 8) | a[3];
    if (szLeaf > a.length || szLeaf < 4) throw new Unread();
    return { a, szLeaf, termless: szLeaf >= a.length };
  }

  /** One segment's entries for `key` (fts5SegIterSeekInit, fts5LeafSeek, fts5SegIterNext): -1 marks a deletion. */
  private segmentEntries(seg: Segment, key: Uint8Array, weights: readonly number[]): Entries {
    const out = entries();
    // A segment whose pages an incremental merge consumed entirely (fts5SegIterInit: pgnoFirst 0).
    if (seg.first === 0) return out;
    const val = this.db.get<{ pgno: number }>(
      'select pgno from main.concepts_fts_idx where segid = ? and term <= ? order by term desc limit 1',
      [seg.segid, key],
    )?.pgno;
    let pg = val === undefined ? 1 : Math.floor(val / 2);
    if (pg < seg.first) pg = seg.first;
    if (pg > seg.last) return out;
    let leaf = this.leaf(seg.segid, pg);
    const found = seek(leaf, key);
    if (!found) return out;
    let { off, end } = found;
    // fts5SegIterLoadRowid: the first rowid may be on a later page.
    while (off >= leaf.szLeaf) {
      if (++pg > seg.last) throw new Unread();
      leaf = this.leaf(seg.segid, pg);
      off = 4;
      end = endOfDoclist(leaf);
    }
    let rowid: number;
    [rowid, off] = varint(leaf.a, off);
    for (;;) {
      const size = varintAt(leaf.a, off);
      off = cursor.at;
      const nPos = Math.floor(size / 2);
      push(out, rowid, nPos === 0 ? -1 : this.frequency(seg, pg, leaf, off, nPos, weights));
      const next = off + nPos;
      if (next < leaf.szLeaf) {
        if (next >= end) return out;
        const delta = varintAt(leaf.a, next);
        off = cursor.at;
        if (delta <= 0) throw new Unread();
        rowid += delta;
        if (rowid > Number.MAX_SAFE_INTEGER) throw new Unread();
        continue;
      }
      // The next entry is on a later page: the first page with a rowid before its first term, else the term ends.
      for (;;) {
        if (++pg > seg.last) return out;
        leaf = this.leaf(seg.segid, pg);
        const first = (leaf.a[0] << 8) | leaf.a[1];
        if (first !== 0) {
          if (first < 4 || first >= leaf.szLeaf) throw new Unread();
          let abs: number;
          [abs, off] = varint(leaf.a, first);
          if (abs <= rowid) throw new Unread();
          rowid = abs;
          end = endOfDoclist(leaf);
          break;
        }
        if (!leaf.termless) return out;
      }
    }
  }

  /**
   * A position list's weighted count of instances (fts5ChunkIterate: it continues at byte 4 of the next pages). The
   * pages are read before the list is put together: a damaged size never allocates more than the bytes there are.
   */
  private frequency(seg: Segment, pg: number, leaf: Leaf, off: number, nPos: number, weights: readonly number[]) {
    if (off + nPos <= leaf.szLeaf) return weighted(leaf.a, off, off + nPos, weights);
    const chunks = [leaf.a.subarray(off, leaf.szLeaf)];
    let n = leaf.szLeaf - off;
    while (n < nPos) {
      if (++pg > seg.last) throw new Unread();
      const next = this.leaf(seg.segid, pg);
      const take = Math.min(nPos - n, next.szLeaf - 4);
      if (take <= 0) throw new Unread();
      chunks.push(next.a.subarray(4, 4 + take));
      n += take;
    }
    const list = new Uint8Array(nPos);
    for (let i = 0, at = 0; i < chunks.length; at += chunks[i++].length) list.set(chunks[i], at);
    return weighted(list, 0, nPos, weights);
  }
}

interface Segment {
  readonly segid: number;
  readonly first: number;
  readonly last: number;
}

/** bm25()'s column weights from their SQL list (`0.0, 10.0, …`) when each is a whole number, else null. */
export function wholeWeights(sql: string): number[] | null {
  const parts = sql.split(',').map((p) => p.trim());
  return parts.every((p) => /^\d{1,6}(?:\.0*)?$/.test(p)) ? parts.map(Number) : null;
}
