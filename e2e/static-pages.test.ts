import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { waitForTitle } from './support/expect';

describe('events, links and socials', () => {
  const browser = useBrowser();

  it('has no upcoming events', async () => {
    const page = await browser.open('/events');
    await waitForTitle(page, 'Upcoming Events | Almanac');
    await page.getByRole('heading', { name: 'Upcoming Events', level: 1 }).waitFor();
    await page.getByText('No upcoming events').waitFor();
  });

  it('lists the configured links', async () => {
    const page = await browser.open('/links');
    await waitForTitle(page, 'Links | Almanac');
    const config = (await (await page.request.get('/api/config')).json()) as { links: { label: string; url: string }[] };
    expect(config.links).toHaveLength(10);
    for (const link of config.links) {
      const anchor = page.getByRole('main').getByRole('link', { name: new RegExp(`^${link.label.replace(/[()]/g, '\\$&')}`) });
      expect(await anchor.getAttribute('href')).toBe(link.url);
      expect(await anchor.getAttribute('target')).toBe('_blank');
    }
  });

  it('lists the socials', async () => {
    const page = await browser.open('/socials');
    await waitForTitle(page, 'Socials | Almanac');
    const links = page.getByRole('main').getByRole('list').getByRole('link');
    expect(await links.count()).toBe(4);
    expect(
      await page
        .getByRole('main')
        .getByRole('link', { name: /^Discord/ })
        .getAttribute('href'),
    ).toBe('https://discord.gg/nova-almanac-demo');
  });
});
