import { describe, expect, it } from 'vitest';
import { AhoCorasick, normalizeForMatch, SensitiveWordMatcher } from './matcher';

/** Every pattern that occurs in the text, by plain substring search: the reference answer. */
const bruteForce = (patterns: string[], text: string) =>
  patterns.map((pattern, index) => ({ pattern, index })).filter(({ pattern }) => pattern && text.includes(pattern));

describe('the Aho–Corasick automaton', () => {
  it('finds words that end inside a longer partial match (where mint-filter misses them)', () => {
    const automaton = new AhoCorasick(['赌博', '网络赌博网', 'she', 'he', 'hers']);
    expect(automaton.findAll('参与网络赌博吧')).toEqual([0]);
    expect(automaton.findAll('ushers').sort()).toEqual([2, 3, 4]);
  });

  it('finds overlapping and nested words, each once', () => {
    const automaton = new AhoCorasick(['六合彩', '合彩', '彩', '六合']);
    expect(automaton.findAll('买六合彩，再买六合彩').sort()).toEqual([0, 1, 2, 3]);
    expect(automaton.findAll('今天天气不错')).toEqual([]);
  });

  it('ignores empty patterns, keeps the first of repeated ones, and handles characters outside the BMP', () => {
    const automaton = new AhoCorasick(['', '𠮷野', '𠮷野', 'a']);
    expect(automaton.findAll('𠮷野家的a')).toEqual([1, 3]);
    expect(new AhoCorasick([]).findAll('任何文本')).toEqual([]);
  });

  it('agrees with a brute-force search on random texts', () => {
    const alphabet = ['赌', '博', '网', '络', 'a', 'b', '彩'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const word = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const patterns = Array.from({ length: 1 + random(8) }, () => word(1 + random(4)));
      const text = word(random(40));
      const expected = new Set(bruteForce(patterns, text).map(({ pattern }) => patterns.indexOf(pattern)));
      expect(new Set(new AhoCorasick(patterns).findAll(text)), `${patterns.join(',')} / ${text}`).toEqual(expected);
    }
  });
});

describe('normalising before matching', () => {
  it('folds full-width to half-width, upper to lower case, and drops spacing and filler symbols', () => {
    expect(normalizeForMatch('ＡＢＣ１２３')).toBe('abc123');
    expect(normalizeForMatch('Ｑ Q 群')).toBe('qq群');
    expect(normalizeForMatch('赌\u200b博 *网-站')).toBe('赌博网站');
    expect(normalizeForMatch('第一。品牌')).toBe('第一。品牌');
  });

  it('lets the matcher answer the listed words whatever width, case or spacing the text uses', () => {
    const matcher = new SensitiveWordMatcher(
      ['赌博', 'QQ群', '代开发票'].map((word) => ({ word, normalized: normalizeForMatch(word) })),
    );
    expect(matcher.find('欢迎加入ｑｑ群，代 开 发 票，还有赌＊博')).toEqual(['QQ群', '代开发票', '赌博']);
    expect(matcher.find('正规的学术推广项目')).toEqual([]);
  });
});
