/**
 * Tribute (homenagem) rules shared by the browser, the service worker and the server: how text
 * is cleaned and measured, what counts as an emoji, and how blocked words are found. Pure
 * TypeScript with no imports from either runtime, so the form can warn before sending and the
 * outbox can refuse a tribute the server would refuse anyway.
 */

export const TRIBUTE_LIMITS = {
  /** Characters (Unicode code points, what PostgreSQL's char_length counts) after cleaning. */
  textMax: 1000,
  emojisMax: 20,
  /** UTF-16 units of one emoji: the longest real sequences (kiss with two skin tones) are 15. */
  emojiMaxUnits: 32,
  pageDefault: 10,
  pageMax: 50,
  /** Idempotency-Key header: 1–100 characters of [A-Za-z0-9_-:.] (UUIDs, ids, ULIDs fit). */
  idempotencyKeyMax: 100,
} as const;

export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_\\-:.]{1,100}$';

export const TRIBUTE_MSG = {
  // Spec §5, §8 (exact)
  loginRequired: 'Você precisa estar logado para comentar.',
  tooMany: 'Muitas homenagens em pouco tempo. Tente novamente em instantes.',
  posted: 'Comentário adicionado com sucesso!',
  postFailed: 'Erro ao adicionar comentário.',
  removed: 'Comentário removido.',
  removeFailed: 'Erro ao remover comentário.',
  anonymous: 'Anônimo',
  // Ours, in the same voice
  empty: 'Escreva uma mensagem ou anexe uma foto.',
  textTooLong: `A homenagem pode ter no máximo ${TRIBUTE_LIMITS.textMax} caracteres.`,
  emojiInvalid: 'Escolha apenas emojis na lista de emojis.',
  tooManyEmojis: `Escolha no máximo ${TRIBUTE_LIMITS.emojisMax} emojis.`,
  blocked: 'Sua homenagem contém palavras não permitidas.',
  removedUser: 'Usuário removido',
  forbiddenDelete: 'Você não pode remover este comentário.',
  notFound: 'Comentário não encontrado.',
  gone: 'Esta homenagem já foi enviada e depois removida.',
  keyReused: 'Esta chave de idempotência já foi usada em outra homenagem.',
  clientIdTaken: 'Este identificador já pertence a outra homenagem.',
  cursorInvalid: 'Parâmetro "before" inválido: use a data e o id do último comentário (data_id).',
  anchorInvalid: 'Parâmetro "anchor" inválido: use o id do primeiro comentário da página 1.',
  pageWithCursor: 'Use "page" ou "before", não os dois.',
  oneImage: 'Envie no máximo uma foto por homenagem.',
} as const;

/** Length as the limit counts it: code points, so an emoji is one or two, never split. */
export function tributeTextLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

// C0/C1 controls except tab and newline; PostgreSQL refuses NUL, the rest only hide text.
const CONTROLS = /(?![\t\n])\p{Cc}/gu;

/**
 * The text as stored: NFC (so "é" typed two ways is one character), Windows and old Mac line
 * ends made \n, control characters dropped, more than one blank line squeezed, ends trimmed.
 */
export function cleanTributeText(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Emojis. UTS #51's "possible emoji" grammar with the `u` flag (every runtime we serve has it),
// built on Extended_Pictographic, which also covers code points reserved for future emoji: a
// newer picker than this Node's Unicode tables still passes. `\p{RGI_Emoji}` (`v` flag) would
// refuse those, so it is not used. One grapheme is checked with Intl.Segmenter where present.
// ---------------------------------------------------------------------------------------------

const BASE = '[\\p{Emoji}\\p{Extended_Pictographic}]';
const MODIFIER = '(?:\\p{Emoji_Modifier}|\\uFE0F\\u20E3?|[\\u{E0020}-\\u{E007E}]+\\u{E007F})';
const ELEMENT = `(?:\\p{Regional_Indicator}{2}|${BASE}${MODIFIER}?\\uFE0F?)`;
const EMOJI_SEQUENCE = new RegExp(`^${ELEMENT}(?:\\u200D${ELEMENT})*$`, 'u');
// \p{Emoji} alone also holds 0-9, # and *: a real emoji has a picture, a flag or a keycap.
const PICTURE = /[\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Regional_Indicator}]|\u20E3/u;

// Made on first use, not at module load: the segmenter's data costs the boot tens of ms on a phone.
let graphemes: Intl.Segmenter | null | undefined;

function graphemeCount(value: string): number {
  graphemes ??=
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter('pt-BR', { granularity: 'grapheme' })
      : null;
  if (!graphemes) return 1;
  let n = 0;
  for (const _ of graphemes.segment(value)) n += 1;
  return n;
}

/** True for exactly one emoji (with skin tone, ZWJ family, flag or keycap), nothing else. */
export function isEmoji(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0) return false;
  if (value.length > TRIBUTE_LIMITS.emojiMaxUnits) return false;
  return EMOJI_SEQUENCE.test(value) && PICTURE.test(value) && graphemeCount(value) === 1;
}

/** A refusal of one field, in the API's {message, field} shape. */
export interface TributeProblem {
  message: string;
  field: 'comentario' | 'emojis' | 'imagem';
}

export function checkEmojis(emojis: readonly unknown[]): TributeProblem | null {
  if (emojis.length > TRIBUTE_LIMITS.emojisMax) {
    return { message: TRIBUTE_MSG.tooManyEmojis, field: 'emojis' };
  }
  if (!emojis.every(isEmoji)) return { message: TRIBUTE_MSG.emojiInvalid, field: 'emojis' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Blocked words: whole words (or phrases), accent- and case-insensitive. Text and list are both
// folded (NFKD, marks dropped, lower case, invisible characters removed) and cut into runs of
// letters and digits, so "rola" never hits "controlar" while "RÔLA" and "rolá" do, and a phrase
// such as "filho da puta" also hits "filho-da-puta".
// ---------------------------------------------------------------------------------------------

// Zero-width characters and soft hyphens would otherwise split a word in two invisibly.
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

export function foldForMatching(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').replace(INVISIBLE, '').toLowerCase();
}

function words(text: string): string[] {
  return foldForMatching(text).match(WORD) ?? [];
}

/** An entry as compared: folded words joined by one space ("Filho-da-Púta" → "filho da puta"). */
export function blockedEntryKey(entry: string): string {
  return words(entry).join(' ');
}

export interface BlockedWords {
  /** Each entry as folded words; a phrase is several. */
  readonly entries: readonly (readonly string[])[];
  /** Single-word entries, for the common case in one lookup. */
  readonly single: ReadonlySet<string>;
}

/** Prepares a list once (at start); blank entries are ignored, duplicates merged. */
export function compileBlockedWords(list: readonly string[]): BlockedWords {
  const seen = new Set<string>();
  const entries: string[][] = [];
  for (const raw of list) {
    const entry = words(raw);
    const key = entry.join(' ');
    if (entry.length === 0 || seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  return {
    entries,
    single: new Set(entries.filter((e) => e.length === 1).map((e) => e[0] ?? '')),
  };
}

/** The first blocked entry the text contains (folded form), or null. */
export function findBlockedWord(text: string, blocked: BlockedWords): string | null {
  if (blocked.entries.length === 0) return null;
  const tokens = words(text);
  for (const token of tokens) if (blocked.single.has(token)) return token;
  for (const entry of blocked.entries) {
    if (entry.length < 2) continue;
    for (let i = 0; i + entry.length <= tokens.length; i += 1) {
      if (entry.every((w, j) => tokens[i + j] === w)) return entry.join(' ');
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The whole tribute
// ---------------------------------------------------------------------------------------------

export interface TributeDraft {
  /** Already cleaned with cleanTributeText. */
  texto: string;
  emojis: readonly unknown[];
  hasImage: boolean;
}

/** The first reason to refuse a tribute, in the order a person would fix them; null if fine. */
export function checkTribute(draft: TributeDraft, blocked?: BlockedWords): TributeProblem | null {
  if (draft.texto === '' && !draft.hasImage) {
    return { message: TRIBUTE_MSG.empty, field: 'comentario' };
  }
  if (tributeTextLength(draft.texto) > TRIBUTE_LIMITS.textMax) {
    return { message: TRIBUTE_MSG.textTooLong, field: 'comentario' };
  }
  const emojiProblem = checkEmojis(draft.emojis);
  if (emojiProblem) return emojiProblem;
  if (blocked && draft.texto !== '' && findBlockedWord(draft.texto, blocked) !== null) {
    return { message: TRIBUTE_MSG.blocked, field: 'comentario' };
  }
  return null;
}

/** The name shown for a tribute's author (spec §3: "Anônimo" when missing). */
export function tributeAuthorName(name: string | null | undefined, userDeleted: boolean): string {
  if (userDeleted) return TRIBUTE_MSG.removedUser;
  const trimmed = name?.trim();
  return trimmed ? trimmed : TRIBUTE_MSG.anonymous;
}

/**
 * The author's id from a tribute's `user`: the id this API answers, or an object with `_id`/`id`
 * (spec §3 allows both; copies kept on a device may still hold the object).
 */
export function tributeAuthorId(user: unknown): string | null {
  if (typeof user === 'string') return user || null;
  if (user !== null && typeof user === 'object') {
    const { _id, id } = user as { _id?: unknown; id?: unknown };
    if (typeof _id === 'string' && _id) return _id;
    if (typeof id === 'string' && id) return id;
  }
  return null;
}

/** The paging cursor of an item: "createdAt_id" (what `before` takes). */
export function tributeCursor(item: { createdAt: string; _id: string }): string {
  return `${item.createdAt}_${item._id}`;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{24})$/;

/** "2025-05-01T12:00:00.000Z_<id>" → its parts; null when malformed or not a real date. */
export function parseTributeCursor(value: string): { createdAt: Date; id: string } | null {
  const match = CURSOR.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const createdAt = new Date(match[1]);
  // Date rolls 30 February over into March; only a date that reads back the same is real.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== match[1]) return null;
  return { createdAt, id: match[2] };
}
