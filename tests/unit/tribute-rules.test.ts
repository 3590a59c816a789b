import { describe, expect, it } from 'vitest';
import {
  checkEmojis,
  checkTribute,
  cleanTributeText,
  compileBlockedWords,
  findBlockedWord,
  isEmoji,
  parseTributeCursor,
  TRIBUTE_LIMITS,
  TRIBUTE_MSG,
  tributeAuthorName,
  tributeCursor,
  tributeTextLength,
} from '../../src/domain/tribute-rules';

describe('tribute text', () => {
  it('trims, normalizes line ends and squeezes blank lines', () => {
    expect(cleanTributeText('  \r\n Saudades \r\n\r\n\r\n\r\neternas  \n ')).toBe(
      'Saudades\n\neternas',
    );
  });

  it('drops control characters (NUL would make PostgreSQL refuse the row) but keeps tabs', () => {
    expect(cleanTributeText('a\u0000b\u0007c\td\u009B')).toBe('abc\td');
  });

  it('composes accents so one "é" counts once', () => {
    const decomposed = 'Jose\u0301';
    expect(cleanTributeText(decomposed)).toBe('José');
    expect(tributeTextLength(cleanTributeText(decomposed))).toBe(4);
  });

  it('counts code points: an emoji outside the BMP is one, not two', () => {
    expect(tributeTextLength('🌹')).toBe(1);
    expect(tributeTextLength('a🌹b')).toBe(3);
  });

  it.each([null, undefined, '', '   ', '\n\t \r\n'])('treats %j as empty', (raw) => {
    expect(cleanTributeText(raw)).toBe('');
  });
});

describe('isEmoji', () => {
  it.each([
    ['🌹', 'rose'],
    ['🙏', 'folded hands'],
    ['🙏🏽', 'skin tone'],
    ['❤️', 'heart with VS16'],
    ['❤', 'heart without VS16'],
    ['🕊️', 'dove'],
    ['👨‍👩‍👧‍👦', 'ZWJ family'],
    ['🧑🏻‍❤️‍💋‍🧑🏼', 'kiss, two skin tones'],
    ['🏃🏽‍♀️', 'runner woman'],
    ['🇧🇷', 'flag of Brazil'],
    ['🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'tag sequence flag (Scotland)'],
    ['#️⃣', 'keycap #'],
    ['1️⃣', 'keycap 1'],
    ['🫶', 'Emoji 14'],
    ['🪽', 'Emoji 15 (wing)'],
    ['🙂‍↔️', 'Emoji 15.1 (head shaking, ZWJ sequence)'],
    ['🐦‍🔥', 'Emoji 15.1 (phoenix)'],
    ['\u{1FAE9}', 'Emoji 16 (face with bags under eyes), newer than this Node'],
  ])('accepts %s (%s)', (value) => expect(isEmoji(value)).toBe(true));

  it.each([
    ['', 'empty'],
    ['a', 'letter'],
    ['1', 'digit (Emoji property, no picture)'],
    ['#', 'hash'],
    ['*', 'asterisk'],
    ['🌹🌹', 'two emojis in one entry'],
    ['🌹a', 'emoji and a letter'],
    [' 🌹', 'leading space'],
    ['<script>', 'markup'],
    ['🌹\u0000', 'with NUL'],
    ['\u200D', 'lone ZWJ'],
    ['🏻'.repeat(20), 'too long'],
    [':rose:', 'shortcode'],
  ])('refuses %j (%s)', (value) => expect(isEmoji(value)).toBe(false));

  it.each([42, null, undefined, {}, ['🌹']])('refuses the non-string %j', (value) => {
    expect(isEmoji(value)).toBe(false);
  });

  it('caps the number of emojis and names the field', () => {
    const ok = Array.from({ length: TRIBUTE_LIMITS.emojisMax }, () => '🌹');
    expect(checkEmojis(ok)).toBeNull();
    expect(checkEmojis([...ok, '🙏'])).toEqual({
      message: TRIBUTE_MSG.tooManyEmojis,
      field: 'emojis',
    });
    expect(checkEmojis(['🌹', 'x'])).toEqual({
      message: TRIBUTE_MSG.emojiInvalid,
      field: 'emojis',
    });
  });
});

describe('blocked words', () => {
  const blocked = compileBlockedWords(['rola', 'Merda', 'filho da puta', '  ', 'MERDA', 'pôrra']);

  it('ignores blank entries and merges duplicates that differ in case', () => {
    expect(blocked.entries).toHaveLength(4);
  });

  it.each([
    ['Que rola é essa', 'rola'],
    ['que RÔLA', 'rola'],
    ['rolá!', 'rola'],
    ['isso é uma merda.', 'merda'],
    ['MÉRDA', 'merda'],
    ['porra', 'porra'],
    ['filho da puta', 'filho da puta'],
    ['Filho-da-Púta!', 'filho da puta'],
    ['seu filho  da\nputa', 'filho da puta'],
    ['me\u200Brda', 'merda'],
    ['ｍｅｒｄａ', 'merda'],
  ])('finds a blocked word in %j', (text, hit) => {
    expect(findBlockedWord(text, blocked)).toBe(hit);
  });

  it.each([
    'Ele sabia controlar as emoções',
    'Rolando pela grama, feliz',
    'Sempre enrolava a gente com histórias',
    'merdalhão',
    'filho da vizinha',
    'da puta filho',
  ])('does not hit inside other words or out of order: %j', (text) => {
    expect(findBlockedWord(text, blocked)).toBeNull();
  });

  it('an empty list blocks nothing', () => {
    expect(findBlockedWord('merda', compileBlockedWords([]))).toBeNull();
  });
});

describe('checkTribute', () => {
  const blocked = compileBlockedWords(['merda']);

  it('needs text or a photo', () => {
    expect(checkTribute({ texto: '', emojis: [], hasImage: false })).toEqual({
      message: TRIBUTE_MSG.empty,
      field: 'comentario',
    });
    expect(checkTribute({ texto: '', emojis: ['🌹'], hasImage: false })?.message).toBe(
      TRIBUTE_MSG.empty,
    );
    expect(checkTribute({ texto: '', emojis: [], hasImage: true })).toBeNull();
  });

  it('limits the text length at exactly the limit', () => {
    const max = 'a'.repeat(TRIBUTE_LIMITS.textMax);
    expect(checkTribute({ texto: max, emojis: [], hasImage: false })).toBeNull();
    expect(checkTribute({ texto: `${max}b`, emojis: [], hasImage: false })).toEqual({
      message: TRIBUTE_MSG.textTooLong,
      field: 'comentario',
    });
  });

  it('refuses blocked words and bad emojis', () => {
    expect(checkTribute({ texto: 'que Merda', emojis: [], hasImage: false }, blocked)).toEqual({
      message: TRIBUTE_MSG.blocked,
      field: 'comentario',
    });
    expect(checkTribute({ texto: 'Saudades', emojis: ['ok'], hasImage: false })?.field).toBe(
      'emojis',
    );
    expect(checkTribute({ texto: 'Saudades', emojis: ['🌹'], hasImage: false }, blocked)).toBe(
      null,
    );
  });
});

describe('author name and cursor', () => {
  it('tells a removed account from a missing author', () => {
    expect(tributeAuthorName('Maria', false)).toBe('Maria');
    expect(tributeAuthorName(null, false)).toBe('Anônimo');
    expect(tributeAuthorName('  ', false)).toBe('Anônimo');
    expect(tributeAuthorName(null, true)).toBe('Usuário removido');
  });

  it('round-trips the paging cursor and refuses malformed ones', () => {
    const item = { createdAt: '2025-05-01T12:00:00.123Z', _id: '6650a1b2c3d4e5f6a7b8c9d0' };
    const parsed = parseTributeCursor(tributeCursor(item));
    expect(parsed?.id).toBe(item._id);
    expect(parsed?.createdAt.toISOString()).toBe(item.createdAt);
    expect(parseTributeCursor('2025-13-45T99:00:00.000Z_6650a1b2c3d4e5f6a7b8c9d0')).toBeNull();
    expect(parseTributeCursor('2025-02-30T10:00:00.000Z_6650a1b2c3d4e5f6a7b8c9d0')).toBeNull();
    expect(parseTributeCursor('2025-05-01T12:00:00Z_6650a1b2c3d4e5f6a7b8c9d0')).toBeNull();
    expect(parseTributeCursor('6650a1b2c3d4e5f6a7b8c9d0')).toBeNull();
    expect(parseTributeCursor("2025-05-01T12:00:00Z_x' or 1=1")).toBeNull();
  });
});
