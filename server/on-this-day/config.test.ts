import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp } from '../testing/app';
import { databaseKnowsTimeZone } from './queries';

describe('SITE_TIME_ZONE', () => {
  it('is UTC unless set, and takes an IANA name', () => {
    expect(loadConfig({}).site.timeZone).toBe('UTC');
    expect(loadConfig({ SITE_TIME_ZONE: 'Europe/Berlin' }).site.timeZone).toBe('Europe/Berlin');
  });

  it('stops the start naming the setting when it is not a time zone, or only an offset', () => {
    for (const value of ['Mars/Olympus_Mons', '+01:00', 'UTC+1']) {
      expect(() => loadConfig({ SITE_TIME_ZONE: value })).toThrow(ConfigError);
      expect(() => loadConfig({ SITE_TIME_ZONE: value })).toThrow(
        /SITE_TIME_ZONE: must be an IANA time zone name, e\.g\. Europe\/Berlin or America\/New_York/,
      );
    }
  });

  it('is asked of the database too, which turns local days into instants', async () => {
    const t = await createTestApp({}, { slices: ['core'] });
    expect(await databaseKnowsTimeZone(t.db, 'America/New_York')).toBe(true);
    expect(await databaseKnowsTimeZone(t.db, 'Mars/Olympus_Mons')).toBe(false);
  });
});
