/**
 * How one search term (a substring, any case: query.ts) is found through the word index. The
 * index holds words (word-tokens.ts), so a term becomes the words that can hold it, read from
 * the vocabulary (words; README.md has the measurements that chose this):
 *
 * - a term that is one word (`test`) is in every word containing it (`test`, `pytest`,
 *   `latest`…): their OR is exactly the rows holding it, no text read;
 * - a term across separators (`cli/hooks`, `pull request`) is a phrase of its words, the first
 *   one ending the term's first word (`cli`, `mcli`…), the last one starting with its last word,
 *   the ones between it exactly; the phrase finds every row holding the term and a few more
 *   (other separators), so those rows' text is checked;
 * - CJK text goes through cjk_fts (its two-character words), checked unless it is exactly two
 *   characters; a term of one or two characters, or with no word in it, is checked on the text
 *   of the rows the rest of the query finds (or of every row, newest first).
 */
import type Database from 'better-sqlite3';
import { statementOf } from '../archive/index-store/handle';
import { cjkBigrams, isCjkBigram } from './row-keys';
import { hasCjk, MAX_VOCABULARY_WORD, termWords } from './word-tokens';
import { reversed } from './vocabulary';
import { anyOfExpressions } from './fts-or';

/** Terms shorter than this (in characters) are checked on the text: too many words contain them. */
export const MIN_INDEXED = 3;
/**
 * At most this many words of the vocabulary stand for one of a term's words: each is one doclist
 * for FTS5 to read. A word with more (a three-letter infix) is answered otherwise (see planTerm).
 */
export const MAX_EXPANSION = 512;
/** A two-word term is spelled out as a phrase per pair of forms up to this many pairs. */
const MAX_PHRASES = 64;

/** How a term is looked for. */
export interface TermPlan {
  /** An FTS5 expression over message_fts: the rows holding the term (with `check`: at least those). */
  readonly match?: string;
  /** An FTS5 expression over cjk_fts, the same way. */
  readonly cjk?: string;
  /** Whether a row's text must be checked for the term (the index narrows, the text decides). */
  readonly check: boolean;
  /** No word of the vocabulary can hold the term: no row has it. */
  readonly none?: boolean;
  /**
   * How a query leaves the term out when the index answers it exactly: FTS5 `NOT` clauses to
   * append to the match. The term's own word goes first, alone (` NOT "the" NOT ("other" OR
   * …)`): it holds most of the term's rows, so the long OR of its other forms is asked only
   * about the rows left (`commit -the` 17 → 12 ms of index walk at 200k: README.md, fifth pass).
   */
  readonly exclusion?: string;
}

type Words = readonly string[] | 'many';

/** The vocabulary lookups a plan needs, on a connection with search.db attached as `search`. */
export class VocabularyReader {
  private readonly byTrigrams;
  private readonly trigramMatches;
  private readonly byPrefix;
  private readonly bySuffix;
  /**
   * False while search.db's vocabulary is marked to be listed again (vocabulary.ts): a first sync
   * lists its words from the index as it goes, behind its rows. A term the vocabulary expands is
   * then checked on every row's text instead, so neither a term nor an exclusion misses a word
   * not listed yet.
   */
  readonly complete: boolean;

  constructor(db: Database.Database) {
    this.complete = statementOf(db, 'SELECT NOT EXISTS (SELECT 1 FROM search.vocabulary_relist)').pluck().get() === 1;
    this.byTrigrams = statementOf(db, 'SELECT word FROM search.words_fts WHERE words_fts MATCH ? LIMIT ?').pluck();
    this.trigramMatches = statementOf(db, 'SELECT count(*) FROM (SELECT 1 FROM search.words_fts WHERE words_fts MATCH ? LIMIT ?)').pluck();
    this.byPrefix = statementOf(db, 'SELECT word FROM search.words WHERE word >= ? AND word < ? LIMIT ?').pluck();
    this.bySuffix = statementOf(db, 'SELECT word FROM search.words WHERE reversed >= ? AND reversed < ? LIMIT ?').pluck();
  }

  /** Words containing `w` (three characters or more). */
  containing(w: string): Words {
    const chars = [...w];
    const trigrams = new Set<string>();
    for (let i = 0; i + 3 <= chars.length; i += 1) trigrams.add(chars.slice(i, i + 3).join(''));
    // The trigram index (detail=none) finds words holding every trigram; `includes` keeps those holding them in order.
    const match = [...trigrams].map(ftsString).join(' AND ');
    // Nearly every word holding the trigrams holds the term (96 % for `test`; all of them for a
    // three-letter term), so past twice MAX_EXPANSION counting them decides without reading them:
    // on a real archive's vocabulary a common word is in thousands (README.md, "A real archive's
    // vocabulary"), and reading 4,096 of them to give up cost ~5 ms a word.
    if ((this.trigramMatches.get(match, 2 * MAX_EXPANSION + 1) as number) > 2 * MAX_EXPANSION) return 'many';
    const found = this.byTrigrams.all(match, 2 * MAX_EXPANSION) as string[];
    const words = found.filter((x) => x.includes(w));
    return words.length > MAX_EXPANSION ? 'many' : words;
  }

  startingWith(w: string): Words {
    return this.range(this.byPrefix, w);
  }

  endingWith(w: string): Words {
    return this.range(this.bySuffix, reversed(w));
  }

  private range(statement: Database.Statement, from: string): Words {
    const found = statement.all(from, `${from}\u{10FFFF}`, MAX_EXPANSION + 1) as string[];
    return found.length > MAX_EXPANSION ? 'many' : found;
  }
}

/** The plan for `term` (a positive or excluded term of the query). */
export function planTerm(vocabulary: VocabularyReader, term: string): TermPlan {
  if (hasCjk(term)) {
    const bigrams = cjkBigrams(term);
    if (!bigrams) return { check: true };
    return { cjk: bigrams.split(' ').map(ftsString).join(' AND '), check: !isCjkBigram(term) };
  }
  const words = termWords(term);
  if ([...term].length < MIN_INDEXED || words.length === 0) return { check: true };
  if (!vocabulary.complete) return { check: true };
  const lead = words[0].start > 0;
  const trail = words[words.length - 1].end < term.length;
  if (words.length === 1 && !lead && !trail) {
    const w = words[0].word;
    const found = vocabulary.containing(w);
    // Too many words hold it (a common three-letter infix): no expression of the index is both
    // short and sure to find every row, so every row's text is checked, newest first.
    if (found === 'many') return { check: true };
    // Words longer than the vocabulary keeps are found by a term that starts them.
    if (found.length === 0) return w.length > MAX_VOCABULARY_WORD ? { match: `${ftsString(w)}*`, check: false, exclusion: ` NOT ${ftsString(w)}*` } : { check: true, none: true };
    const others = found.filter((f) => f !== w);
    const exclusion = others.length < found.length ? ` NOT ${ftsString(w)}${others.length ? ` NOT ${anyOf(others)}` : ''}` : ` NOT ${anyOf(found)}`;
    return { match: anyOf(found), check: false, exclusion };
  }
  // The words a row must hold, in order: the first ends the term's first word (unless the term
  // starts with a separator), the last starts its last one (unless it ends with one).
  const sets = words.map((tw, i): Words => {
    const first = i === 0;
    const last = i === words.length - 1;
    const starts = !first || lead;
    const ends = !last || trail;
    if (starts && ends) return [tw.word];
    if (starts) return tw.word.length > MAX_VOCABULARY_WORD ? 'many' : vocabulary.startingWith(tw.word);
    return vocabulary.endingWith(tw.word);
  });
  if (sets.some((s) => s !== 'many' && s.length === 0)) return { check: true, none: true };
  const [head, tail] = [sets[0], sets[sets.length - 1]];
  // Two words with few forms: one phrase per pair of forms, which leaves few rows to check.
  if (words.length === 2 && head !== 'many' && tail !== 'many' && head.length * tail.length <= MAX_PHRASES) {
    return { match: anyOfPhrases(head.flatMap((h) => tail.map((t) => ftsString(`${h} ${t}`)))), check: true };
  }
  // Otherwise the middle words as one phrase, ANDed with a form of the first and of the last word.
  // Measured at 200k messages (README.md): spelling out a phrase per form of a long term's first
  // and last word cost 8× its middle phrase ANDed with their forms, for the same rows; a prefix
  // phrase (`"h mod"*`) per form of a first word, 15× the AND.
  const lastWord = words[words.length - 1].word;
  const allOf = (heads: Words): string | undefined => {
    const parts: string[] = [];
    const middle = words.slice(1, -1).map((w) => w.word);
    if (middle.length) parts.push(ftsString(middle.join(' ')));
    if (words.length > 1 && heads !== 'many') parts.push(anyOf(heads));
    if (tail !== 'many') parts.push(anyOf(tail));
    else if (!trail && [...lastWord].length >= MIN_INDEXED) parts.push(`${ftsString(lastWord)}*`); // its starting forms: FTS5's prefix query
    return parts.length ? parts.join(' AND ') : undefined;
  };
  // The rows where the first word is the term's own (`go` of `go.mod`) are one phrase, its last
  // word a prefix (`"go mod"*`); only the other forms of the first word (`ago`, `django`…) go
  // through the AND. The AND alone also finds every long row saying `go` in one place and
  // `model` in another, whose text is then read for nothing: at 200k messages `go.mod
  // agent:codex` read 5.5 M characters to keep 476 rows, 2.2 M this way (README.md, fifth pass).
  // A longer term's middle phrase already narrows the AND: there the extra phrase cost more.
  const first = words[0].word;
  if (words.length === 2 && !lead && head !== 'many' && tail !== 'many' && head.includes(first)) {
    const phrase = `${ftsString(words.map((w) => w.word).join(' '))}${trail ? '' : '*'}`;
    const others = head.filter((h) => h !== first);
    return { match: others.length ? `(${phrase} OR (${allOf(others)}))` : phrase, check: true };
  }
  const match = allOf(head);
  return match ? { match, check: true } : { check: true };
}

function anyOfPhrases(phrases: readonly string[]): string {
  return phrases.length === 1 ? phrases[0] : `(${phrases.join(' OR ')})`;
}

/** The FTS5 OR of these words (each one token). */
function anyOf(words: readonly string[]): string {
  return anyOfExpressions(words.map(ftsString));
}

/** An FTS5 string literal, quotes doubled. */
export function ftsString(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}
