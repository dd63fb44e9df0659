import { describe, expect, it } from 'vitest';
import { DISCORD_LIMITS } from '../providers/discord/client';
import { escapeMarkdown, presentRequestNotice, redactWebhook } from './present';
import type { RequestNotice } from './types';

const site = { publicUrl: 'https://almanac.example/', siteName: 'Almanac' };
const at = new Date('2026-06-01T12:00:00Z');
const flip: RequestNotice = {
  songRequestId: 7,
  event: 'paid',
  kind: 'flip',
  title: 'Never Gonna Give You Up',
  username: 'fan_one',
  amount: '20.00',
  currency: 'USD',
  videoId: 'dQw4w9WgXcQ',
};
const sample: RequestNotice = { ...flip, kind: 'sample', event: 'held', title: 'Voice sample (4.2 s)', amount: '5.00', videoId: null };
const embedOf = (notice: RequestNotice) => presentRequestNotice(notice, site, at).embeds![0]!;

describe('the Discord post of a paid request', () => {
  it('tells of a paid flip: title linked to the video, requester, amount, no mentions', () => {
    const post = presentRequestNotice(flip, site, at);
    expect(post).toEqual({
      content: 'New flip request: paid and queued',
      embeds: [
        {
          title: 'Never Gonna Give You Up',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          color: 0x2f9e44,
          fields: [
            { name: 'Requested by', value: 'fan\\_one', inline: true },
            { name: 'Paid', value: '$20.00', inline: true },
            { name: 'Video', value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', inline: false },
          ],
          timestamp: '2026-06-01T12:00:00.000Z',
          footer: { text: 'Almanac' },
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('tells of a held request that it waits for approval, with a link to the approvals tab', () => {
    const post = presentRequestNotice(sample, site, at);
    expect(post.content).toBe('A paid voice sample is waiting for approval');
    const embed = post.embeds![0]!;
    expect(embed).toMatchObject({ title: 'Voice sample \\(4.2 s\\)', url: 'https://almanac.example/admin/approvals', color: 0xf59f00 });
    expect(embed.fields).toEqual([
      { name: 'Requested by', value: 'fan\\_one', inline: true },
      { name: 'Paid', value: '$5.00', inline: true },
      {
        name: 'Waiting for approval',
        value: '[Approve or reject it in Request Approvals](https://almanac.example/admin/approvals)',
        inline: false,
      },
    ]);
    // A held flip keeps its title on the video, and links the tab in its field.
    const heldFlip = embedOf({ ...flip, event: 'held' });
    expect(heldFlip.url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(heldFlip.fields!.map((f) => f.name)).toEqual(['Requested by', 'Paid', 'Video', 'Waiting for approval']);
    expect(presentRequestNotice({ ...sample, event: 'paid' }, site, at).content).toBe(
      'New voice sample: paid and sent to the sample player',
    );
  });

  it('links no video that is not a YouTube id, keeps within Discord’s limits and never sends an empty text', () => {
    expect(embedOf({ ...flip, videoId: 'x"><script>' })).not.toHaveProperty('url');
    const long = embedOf({ ...flip, title: 'a'.repeat(400), username: 'b'.repeat(2000) });
    expect(long.title).toHaveLength(DISCORD_LIMITS.embedTitle);
    expect(long.title!.endsWith('…')).toBe(true);
    expect(long.fields![0]!.value).toHaveLength(DISCORD_LIMITS.fieldValue);
    const blank = embedOf({ ...flip, title: ' \n ', username: '' });
    expect(blank.title).toBe('Untitled');
    expect(blank.fields![0]!.value).toBe('(no name)');
    expect(embedOf({ ...flip, amount: 'n/a' }).fields![1]!.value).toBe('n/a USD');
  });
});

describe('escapeMarkdown', () => {
  it('makes pings words and markdown literal', () => {
    expect(escapeMarkdown('@everyone and @here')).toBe('@\u200beveryone and @\u200bhere');
    expect(escapeMarkdown('<@123> <@&456> <#789> <:pog:1> <t:1:R>')).toBe(
      '\\<@\u200b123\\> \\<@\u200b&456\\> \\<\\#789\\> \\<:pog:1\\> \\<t:1:R\\>',
    );
    expect(escapeMarkdown('**bold** _it_ ~~gone~~ `code` ||spoiler||')).toBe(
      '\\*\\*bold\\*\\* \\_it\\_ \\~\\~gone\\~\\~ \\`code\\` \\|\\|spoiler\\|\\|',
    );
    expect(escapeMarkdown('[click](https://evil.example)')).toBe('\\[click\\]\\(https://evil.example\\)');
    expect(escapeMarkdown('back\\slash')).toBe('back\\\\slash');
  });

  it('keeps fan text on one line, so no heading, quote or list starts', () => {
    expect(escapeMarkdown('# Big\n> quoted\r\n- item')).toBe('\\# Big \\> quoted \\- item');
    expect(escapeMarkdown('1. first')).toBe('1\\. first');
    expect(escapeMarkdown('  plain name  ')).toBe('plain name');
  });
});

describe('redactWebhook', () => {
  it('hides a webhook token in a message', () => {
    expect(redactWebhook('POST https://discord.com/api/webhooks/130000/s3cr3t-T0ken?wait=true failed')).toBe(
      'POST https://discord.com/api/webhooks/130000/***?wait=true failed',
    );
  });
});
