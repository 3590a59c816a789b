/**
 * The blocked-word list of tributes: a built-in pt-BR list (below), or BLOCKED_WORDS_FILE in its
 * place, plus BLOCKED_WORDS additions, minus BLOCKED_WORDS entries written "-palavra". Matching
 * (whole words, accent- and case-insensitive) lives in src/domain/tribute-rules.ts.
 *
 * The built-in list holds clear profanity and slurs only. Words that are also surnames or
 * everyday words are left out on purpose, because a tribute names people and places: "Rola" and
 * "Pinto" are Brazilian surnames, "pau" is wood (pau-brasil), "pica" starts "pica-pau", "veado"
 * is a deer, "piranha" a fish. A town that wants one of them adds it with BLOCKED_WORDS.
 */
import fs from 'node:fs';
import {
  type BlockedWords,
  blockedEntryKey,
  compileBlockedWords,
} from '../../../src/domain/tribute-rules';
import type { Config } from '../../config';

const DEFAULT_BLOCKED_WORDS: readonly string[] = [
  'arrombado',
  'arrombada',
  'babaca',
  'boceta',
  'boquete',
  'bosta',
  'buceta',
  'caralho',
  'corno',
  'cu',
  'cuzão',
  'escroto',
  'escrota',
  'fdp',
  'foda',
  'foda-se',
  'fodase',
  'foder',
  'fodido',
  'fodida',
  'merda',
  'merdas',
  'pqp',
  'piroca',
  'porra',
  'punheta',
  'puta',
  'putas',
  'puto',
  'putaria',
  'retardado',
  'retardada',
  'siririca',
  'tnc',
  'traveco',
  'vadia',
  'vagabunda',
  'viado',
  'vsf',
  'xoxota',
];

/** Lines of a list file: one word or phrase each; blank lines and "# comments" skipped. */
function parseBlockedWordsFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

/** The effective list for a configuration (compiled once per app: AppContext.blockedWords). */
export function blockedWordList(config: Config): string[] {
  const base = config.blockedWordsFile
    ? parseBlockedWordsFile(fs.readFileSync(config.blockedWordsFile, 'utf8'))
    : [...DEFAULT_BLOCKED_WORDS];
  const unblocked = new Set(
    config.blockedWords.filter((w) => w.startsWith('-')).map((w) => blockedEntryKey(w.slice(1))),
  );
  const kept = base.filter((w) => !unblocked.has(blockedEntryKey(w)));
  return [...kept, ...config.blockedWords.filter((w) => !w.startsWith('-'))];
}

/** The compiled list of a configuration, built on the first call and kept (one per app). */
export function blockedWordsOf(config: Config): () => BlockedWords {
  let blocked: BlockedWords | undefined;
  return () => {
    blocked ??= compileBlockedWords(blockedWordList(config));
    return blocked;
  };
}
