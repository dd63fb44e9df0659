import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('demo_viewer')).toBe('DV');
    expect(initials('demo_admin')).toBe('DA');
    expect(initials('Nova Music Fan')).toBe('NM');
    expect(initials('lo-fi.girl')).toBe('LF');
  });

  it('splits camel case', () => {
    expect(initials('NovaMusic')).toBe('NM');
    expect(initials('Gamer42Pro')).toBe('GP');
  });

  it('takes two letters of a single word, one of a one-letter name', () => {
    expect(initials('nova')).toBe('NO');
    expect(initials('z')).toBe('Z');
    expect(initials('Émile')).toBe('ÉM');
  });

  it('never returns an empty avatar', () => {
    expect(initials('__')).toBe('?');
    expect(initials('')).toBe('?');
  });
});
