/**
 * Aho–Corasick over the sensitive-word list: one pass over the text finds every listed word,
 * however many words the list holds.
 *
 * Written here rather than taken from npm: the library DESIGN §2 names (mint-filter 4.0.3) follows
 * no dictionary-suffix links, so a word that ends inside a longer partial match is missed
 * ("网络赌博" against the words 赌博 and 网络赌博网 finds nothing; "ushers" finds she but not he).
 */

/**
 * Characters that carry no meaning between the characters of a word and are used to slip words
 * past filters ("赌 博", "赌*博", zero-width joiners). Sentence punctuation is kept: removing it would
 * join the end of one clause to the start of the next.
 */
const FILLER = /[\s\u200b-\u200d\u2060\ufeff*_\-·•|~～]+/gu;

/**
 * The form both the list and the checked text are compared in: NFKC folds full-width letters,
 * digits and symbols to half-width (ＡＢＣ１ -> ABC1) and compatibility forms to their plain ones;
 * then lower case, then fillers removed.
 */
export function normalizeForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(FILLER, '');
}

/** A built automaton. Patterns are given already normalized; indices refer to the given array. */
export class AhoCorasick {
  /** goto function: per state, the next state by character (code point) */
  private readonly next: Array<Map<string, number>> = [new Map()];
  private readonly fail: number[] = [0];
  /** index of the pattern that ends in a state, or -1 */
  private readonly patternAt: number[] = [-1];
  /** nearest state on the fail chain (itself excluded) where a pattern ends, or -1 */
  private readonly outputLink: number[] = [-1];

  constructor(patterns: readonly string[]) {
    for (const [index, pattern] of patterns.entries()) this.insert(pattern, index);
    this.link();
  }

  get stateCount(): number {
    return this.next.length;
  }

  private insert(pattern: string, index: number): void {
    if (pattern.length === 0) return;
    let state = 0;
    for (const char of pattern) {
      let target = this.next[state].get(char);
      if (target === undefined) {
        target = this.next.length;
        this.next.push(new Map());
        this.fail.push(0);
        this.patternAt.push(-1);
        this.outputLink.push(-1);
        this.next[state].set(char, target);
      }
      state = target;
    }
    // a repeated pattern keeps its first index
    if (this.patternAt[state] === -1) this.patternAt[state] = index;
  }

  /** Fail and output links, breadth first so every shorter state is linked before a longer one. */
  private link(): void {
    const queue: number[] = [];
    for (const child of this.next[0].values()) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const [char, child] of this.next[state]) {
        let fallback = this.fail[state];
        while (fallback !== 0 && !this.next[fallback].has(char)) fallback = this.fail[fallback];
        const target = this.next[fallback].get(char);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        const failState = this.fail[child];
        this.outputLink[child] = this.patternAt[failState] !== -1 ? failState : this.outputLink[failState];
        queue.push(child);
      }
    }
  }

  /** Indices of the patterns found in `text` (already normalized), each once, in order of first end. */
  findAll(text: string): number[] {
    const found: number[] = [];
    const seen = new Set<number>();
    const report = (index: number) => {
      if (!seen.has(index)) {
        seen.add(index);
        found.push(index);
      }
    };
    let state = 0;
    for (const char of text) {
      while (state !== 0 && !this.next[state].has(char)) state = this.fail[state];
      state = this.next[state].get(char) ?? 0;
      if (this.patternAt[state] !== -1) report(this.patternAt[state]);
      for (let output = this.outputLink[state]; output !== -1; output = this.outputLink[output]) {
        report(this.patternAt[output]);
      }
    }
    return found;
  }
}

/** The list's words (as the operator typed them) with the automaton over their normalized forms. */
export class SensitiveWordMatcher {
  private readonly automaton: AhoCorasick;

  constructor(private readonly entries: ReadonlyArray<{ word: string; normalized: string }>) {
    this.automaton = new AhoCorasick(entries.map((entry) => entry.normalized));
  }

  get size(): number {
    return this.entries.length;
  }

  /** The listed words found in `text`, as listed, in the order their first occurrence ends; empty when clean. */
  find(text: string): string[] {
    return this.automaton.findAll(normalizeForMatch(text)).map((index) => this.entries[index].word);
  }
}
