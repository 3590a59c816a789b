/**
 * Every number that chooses how the search reads the register, bounds a read, or bounds what
 * is held between searches, with why it has its value. None of them changes an answer: each
 * strategy returns exactly the full ranking's page or declines (README.md, "The decision
 * table"), so a threshold only moves a query from one exact way to another, quicker one.
 * The rules' own numbers (what matches, the points, the cap on the total) are the shared
 * domain's (src/domain/search-query.ts, search-score.ts, search-fuzzy.ts), not here.
 * Figures: bench/history/search-at-scale.md.
 */

/**
 * Enter: past this many times `takeAt` (the total's cap) of expected matches, a query with few
 * records holding every term whole still tries the names-start strategies (broad, range,
 * walk): finding that they do not apply is cheap, and ranking every match ("s", "jo" or "mar"
 * and Enter: a million names start with it at 2,000,000) costs far more. Below it the full
 * ranking is tried first and alone, as cheap as any of them there.
 */
export const MANY = 10;

/**
 * Enter, one term: held whole by at least √(limit × size) records (10,000 at 2,000,000 for a
 * page of 50), its equal records are read newest death first and stopped at the page
 * (equal-newest) instead of gathered and sorted (equal): taking each record with probability
 * equal ÷ size, the walk meets `limit` of them within about limit × size ÷ equal records, which
 * is then at most the equal count itself, so the walk never reads more than the gathering.
 */
export function commonAt(limit: number, size: number): number {
  return Math.sqrt(limit * size);
}

/**
 * A names-start range is broad (the broad strategy: three small reads instead of ranking the
 * range) when it holds at least BROAD_SHARE of the register, and at least BROAD_MIN names:
 * ranking a range of a few thousand names costs less than the broad strategy's three reads,
 * while "maria" (one name in seven at 2,000,000) took seconds ranked whole.
 */
export const BROAD_SHARE = 1 / 200;
export const BROAD_MIN = 2000;

/** The names a range must hold to be broad, in a register of `size` records. */
export function broadAt(size: number): number {
  return Math.max(BROAD_MIN, Math.ceil(size * BROAD_SHARE));
}

/**
 * The walk: at most this many records expected to hold some term whole and match the others
 * (each read and ranked in full, cheap with hot pages). "se a" (a quadra "A" among ~130,000
 * names with a word in "se") was expected at 20,516 and the walk answers it far sooner than
 * ranking every match; past it, the full ranking.
 */
export const WHOLE_MAX = 40_000;

/**
 * The walk: at most this many records expected to be read down the death btree before the
 * `limit`th match (limit × size ÷ matches). Words rare together would make the walk read most
 * of the register; the full ranking of their few matches is then the quick way.
 */
export const WALK_MAX = 5_000;

/**
 * The capped count samples first: rows a sampled count reads (random pages). 40,000 rows hold
 * 1,001 matches whenever the matches are at least DENSE_SHARE of the register, so a dense
 * query proves "more than the cap" from the sample instead of gathering every match's postings
 * ("an c", "ma s": ~150,000 matches at 2,000,000).
 */
export const SAMPLE_ROWS = 40_000;

/**
 * The share of the register the matches must be expected at for the count to sample first:
 * twice what a sample of SAMPLE_ROWS needs to hold cap + 1 of them on average, so that a
 * sample usually settles it; below, the sample would mostly fall short and only add its read.
 */
export function denseShare(cap: number): number {
  return (2 * (cap + 1)) / SAMPLE_ROWS;
}

/**
 * A cemetery holding at least this share of the register is not read through its btree in the
 * capped count (search-sql.ts, cemeteryAnd): the planner ANDed Vila Formosa's 1,500,000 entries
 * into the words' bitmap to narrow a list whose first matches were within a few rows anyway.
 */
export const LARGE_CEMETERY_SHARE = 0.2;

/**
 * Above this many keys a pair-of-words condition (search-pairs.ts) costs more in lookups than
 * the postings it saves: the two words' own conditions are kept instead.
 */
export const MAX_PAIR_KEYS = 64;

/**
 * How long the statistics read for the choice are held (search-stats.ts, heldStats): only
 * ANALYZE changes them, and a choice a minute behind an ANALYZE still gives the same rows.
 */
export const HELD_MS = 60_000;

/**
 * Vocabulary patterns held per write stamp (search-vocab.ts); past it all are dropped (a new
 * stamp starts empty anyway). A crowd's distinct words stay far below it.
 */
export const MAX_PATTERNS = 20_000;
