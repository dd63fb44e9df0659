import { describe, expect, it } from 'vitest';
import { flipUrlLooksValid, nicknameLooksValid, nicknameProblem } from './flip-rules';

describe('flip form rules (spec 5)', () => {
  it('wants a URL-like link of at least 33 characters', () => {
    expect(flipUrlLooksValid('https://www.youtube.com/watch?v=aB3-_xYz901')).toBe(true);
    expect(flipUrlLooksValid('www.youtube.com/watch?v=aB3-_xYz901')).toBe(true);
    expect(flipUrlLooksValid('https://youtu.be/aB3-_xYz901')).toBe(false); // 28 characters
    expect(flipUrlLooksValid('https://youtu.be/aB3-_xYz901?si=abcdef')).toBe(true);
    expect(flipUrlLooksValid('this is not a link but it is long enough')).toBe(false);
  });

  it('wants a nickname of 3 to 32 letters, digits or dashes', () => {
    expect(nicknameLooksValid('Night-Owl')).toBe(true);
    expect(nicknameLooksValid('ab')).toBe(false);
    expect(nicknameLooksValid('x'.repeat(33))).toBe(false);
    expect(nicknameLooksValid('night owl')).toBe(false);
    expect(nicknameLooksValid('night_owl')).toBe(false);
  });
});

describe('nicknameProblem', () => {
  it('says in words what a name breaks, the spec 5 hint for a character outside the rule', () => {
    expect(nicknameProblem('Nickname', ' ')).toBe('Nickname is required');
    expect(nicknameProblem('Nickname', 'ab')).toBe('Nickname must be at least 3 characters long (it has 2)');
    expect(nicknameProblem('Username', 'a'.repeat(33))).toBe('Username must be at most 32 characters long (it has 33)');
    expect(nicknameProblem('Nickname', 'night owl')).toBe('Only letters, numbers or dash');
    expect(nicknameProblem('Nickname', 'Night-Owl')).toBeNull();
  });
});
