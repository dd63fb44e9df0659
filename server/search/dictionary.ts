import { LRUCache } from 'lru-cache';
import { charsOf, type MatchCost, nextRow, typoBudget } from './text';

/**
 * Every word of an index, in a trie, and the words a query word matches with their costs
 * (text.ts `matchCost`, the rule). Walking the trie computes the typo table once per shared
 * beginning instead of once per word, and stops where no continuation can come within the typo
 * budget, so a query word costs a few hundred table rows rather than one per word of the catalogue.
 */

export interface Expansion {
  /** Word ids (positions in `Dictionary.words`) the query word matches */
  wordIds: number[];
  /** Their costs, in the same order */
  costs: MatchCost[];
}

/** Expansions remembered per dictionary: a typed query repeats words ("neon", "neon g", "neon ga"). */
const MEMO_LIMIT = 4096;

export class Dictionary {
  /** Character of each trie node (the root's is unused) */
  private readonly nodeChar: string[] = [''];
  private readonly firstChild: number[] = [-1];
  private readonly nextSibling: number[] = [-1];
  /** Word id ending at each node, or -1 */
  private readonly nodeWord: number[] = [-1];
  private readonly memo = new LRUCache<string, Expansion>({ max: MEMO_LIMIT });

  constructor(readonly words: readonly string[]) {
    for (const [id, word] of words.entries()) this.insert(word, id);
  }

  private insert(word: string, id: number) {
    let node = 0;
    for (const c of charsOf(word)) {
      let child = this.firstChild[node]!;
      while (child !== -1 && this.nodeChar[child] !== c) child = this.nextSibling[child]!;
      if (child === -1) {
        child = this.nodeChar.length;
        this.nodeChar.push(c);
        this.firstChild.push(-1);
        this.nextSibling.push(this.firstChild[node]!);
        this.nodeWord.push(-1);
        this.firstChild[node] = child;
      }
      node = child;
    }
    this.nodeWord[node] = id;
  }

  /** A word's id, if the dictionary has it exactly. */
  idOf(word: string): number | undefined {
    let node = 0;
    for (const c of charsOf(word)) {
      let child = this.firstChild[node]!;
      while (child !== -1 && this.nodeChar[child] !== c) child = this.nextSibling[child]!;
      if (child === -1) return undefined;
      node = child;
    }
    const id = this.nodeWord[node]!;
    return id === -1 ? undefined : id;
  }

  /** The words `query` matches (a whole word, or as the query's last word, possibly a beginning). */
  expand(query: string, isLast: boolean): Expansion {
    const key = isLast ? `${query}\u0000` : query;
    const known = this.memo.get(key);
    if (known) return known;
    const expansion = this.walk(charsOf(query), isLast);
    this.memo.set(key, expansion);
    return expansion;
  }

  private walk(q: string[], isLast: boolean): Expansion {
    const m = q.length;
    const budget = typoBudget(m);
    const found: Expansion = { wordIds: [], costs: [] };
    const rows: number[][] = [Array.from({ length: m + 1 }, (_, i) => i)];
    const visit = (node: number, j: number, prefixBest: number) => {
      for (let child = this.firstChild[node]!; child !== -1; child = this.nextSibling[child]!) {
        const row = nextRow(
          q,
          rows[j - 1]!,
          j >= 2 ? rows[j - 2] : undefined,
          this.nodeChar[child]!,
          j >= 2 ? this.nodeChar[node] : undefined,
          j,
          rows[j],
        );
        rows[j] = row;
        const whole = row[m]!;
        const best = Math.min(prefixBest, whole);
        const word = this.nodeWord[child]!;
        if (word !== -1) {
          const cost = costOf(whole, best, budget, isLast);
          if (cost !== undefined) {
            found.wordIds.push(word);
            found.costs.push(cost);
          }
        }
        // Go deeper while a longer word can still match: within the budget somewhere in the row
        // (typos), or every continuation matches as a prefix.
        if (best === 0 || (isLast && best <= budget) || Math.min(...row) <= budget) visit(child, j + 1, best);
      }
    };
    visit(0, 1, Number.POSITIVE_INFINITY);
    return found;
  }
}

/** text.ts `matchCost` from the distances the walk has: to the whole word, and the best to any beginning. */
function costOf(whole: number, prefixBest: number, budget: number, isLast: boolean): MatchCost | undefined {
  if (whole === 0) return 0;
  if (prefixBest === 0) return 1;
  if (whole <= budget) return whole * 2;
  if (isLast && prefixBest <= budget) return prefixBest * 2 + 1;
  return undefined;
}
