import { describe, expect, it } from 'vitest';
import { checkText, formErrorText } from './form-errors';

const URL_LIKE = /^https?:\/\/\S+$/;

describe('checkText', () => {
  const rules = { required: true, minLength: 5, maxLength: 10, pattern: /^[a-z]+$/ };

  it('reports the first broken rule: required, length, then pattern', () => {
    expect(checkText('  ', rules)).toEqual({ kind: 'required' });
    expect(checkText('abc', rules)).toEqual({ kind: 'minlength', requiredLength: 5, actualLength: 3 });
    expect(checkText('abcdefghijkl', rules)).toEqual({ kind: 'maxlength', requiredLength: 10, actualLength: 12 });
    expect(checkText('ABCDEF', rules)).toEqual({ kind: 'pattern', requiredPattern: rules.pattern, actualValue: 'ABCDEF' });
    expect(checkText(' abcdef ', rules)).toBeNull();
  });

  it('lets an optional field stay empty', () => {
    expect(checkText('', { minLength: 3 })).toBeNull();
  });
});

describe('formErrorText', () => {
  it('names what was wrong, with the lengths', () => {
    expect(formErrorText('Playlist URL', { kind: 'required' })).toBe('Playlist URL is required');
    expect(formErrorText('Playlist URL', checkText('https://youtu.be/abc', { minLength: 38 })!)).toBe(
      'Playlist URL must be at least 38 characters long (it has 20)',
    );
    expect(formErrorText('Requester', checkText('x'.repeat(40), { maxLength: 32 })!)).toBe(
      'Requester must be at most 32 characters long (it has 40)',
    );
    expect(formErrorText('Playlist URL', checkText('not a url', { pattern: URL_LIKE })!, 'a valid URL')).toBe(
      'Playlist URL must be a valid URL',
    );
  });
});
