import { describe, expect, it } from 'vitest';
import { isTypingKey, typeAheadMatch } from './type-ahead';

const CHANNELS = [
  { value: 'nova_daily', label: 'Nova Daily' },
  { value: 'nova_music', label: 'Nova Music' },
  { value: 'nova_yt', label: 'Nova YouTube' },
];

describe('typeAheadMatch', () => {
  it('finds the first option whose label starts with the typed keys, in any case', () => {
    expect(typeAheadMatch(CHANNELS, 'n')?.value).toBe('nova_daily');
    expect(typeAheadMatch(CHANNELS, 'NOVA Y')?.value).toBe('nova_yt');
    expect(typeAheadMatch(CHANNELS, 'nova m')?.value).toBe('nova_music');
  });

  it('picks nothing for blank or unmatched keys', () => {
    expect(typeAheadMatch(CHANNELS, ' ')).toBeUndefined();
    expect(typeAheadMatch(CHANNELS, 'x')).toBeUndefined();
    expect(typeAheadMatch(CHANNELS, 'music')).toBeUndefined();
  });
});

describe('isTypingKey', () => {
  const none = { ctrlKey: false, metaKey: false, altKey: false };
  it('counts characters, not named keys or shortcuts', () => {
    expect(isTypingKey('s', none)).toBe(true);
    expect(isTypingKey(' ', none)).toBe(true);
    expect(isTypingKey('Enter', none)).toBe(false);
    expect(isTypingKey('ArrowDown', none)).toBe(false);
    expect(isTypingKey('a', { ...none, ctrlKey: true })).toBe(false);
  });
});
