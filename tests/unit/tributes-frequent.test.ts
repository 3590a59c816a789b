import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SUGGESTED,
  FREQUENT_KEY,
  FREQUENT_MAX,
  readFrequent,
  recordEmoji,
  suggestedEmojis,
  writeFrequent,
} from '../../src/features/tributes/emoji-frequent';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe('frequent emojis (four rows of nine)', () => {
  it('keeps four rows at most, most used first, latest first among equals', () => {
    expect(FREQUENT_MAX).toBe(36);
    let list = recordEmoji([], '🌹', 1);
    list = recordEmoji(list, '🙏', 2);
    list = recordEmoji(list, '🌹', 3);
    list = recordEmoji(list, '❤️', 4);
    expect(list.map((e) => e.emoji)).toEqual(['🌹', '❤️', '🙏']);
    const flags = Array.from({ length: 40 }, (_, i) => String.fromCodePoint(0x1f600 + i));
    for (const [i, e] of flags.entries()) list = recordEmoji(list, e, 10 + i);
    expect(list).toHaveLength(36);
    expect(list[0]?.emoji).toBe('🌹');
  });

  it('tops a short list up with a calm first row, without repeats', () => {
    expect(suggestedEmojis([])).toEqual([...DEFAULT_SUGGESTED]);
    const own = suggestedEmojis(recordEmoji([], '🙏', 1));
    expect(own[0]).toBe('🙏');
    expect(own.filter((e) => e === '🙏')).toHaveLength(1);
    expect(own).toHaveLength(DEFAULT_SUGGESTED.length);
  });

  it('round-trips through storage and drops what is not an emoji', () => {
    const store = new MemoryStorage();
    writeFrequent(store, recordEmoji([], '🕊️', 1));
    expect(readFrequent(store).map((e) => e.emoji)).toEqual(['🕊️']);
    store.setItem(FREQUENT_KEY, JSON.stringify([{ emoji: '<b>', count: 9, last: 1 }, 'x']));
    expect(readFrequent(store)).toEqual([]);
    store.setItem(FREQUENT_KEY, '{not json');
    expect(readFrequent(store)).toEqual([]);
    expect(readFrequent(null)).toEqual([]);
  });
});
