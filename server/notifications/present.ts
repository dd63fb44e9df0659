import { formatMoney } from '../../common/format';
import { APPROVALS_TAB_PATH } from '../../common/request-states';
import { clip, DISCORD_LIMITS, type DiscordPost } from '../providers/discord/client';
import type { RequestNotice } from './types';

/**
 * The Discord post of a paid request: one embed (title, requester, amount; the video of a flip; the
 * Request Approvals tab of a held one), and no mentions. What a fan typed is escaped: Discord
 * renders markdown in content, embed titles and field values, so a nickname could otherwise bold,
 * hide (spoilers), mask a link or show a ping in the streamer's channel.
 */

/** Characters that format text or open a masked link, a mention, a custom emoji or a timestamp (`<@id>`, `<t:…>`). */
const MARKDOWN = /[\\*_~`|<>#\-[\]()]/g;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const COLORS = { paid: 0x2f9e44, held: 0xf59f00 } as const;
const KIND_NAMES = { flip: 'flip request', sample: 'voice sample' } as const;
const WHAT_NEXT = { flip: 'queued', sample: 'sent to the sample player' } as const;

/**
 * Fan text as plain text in Discord: one line (a line break would start a heading, a quote or a
 * list), every markdown character backslash-escaped (Discord shows the character itself), and a
 * zero-width space after each `@`, so `@everyone` and `@here` are words, never pings, even where
 * `allowed_mentions` is not in force.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .trim()
    .replace(MARKDOWN, '\\$&')
    .replace(/^(\d+)\./, '$1\\.')
    .replaceAll('@', '@\u200b');
}

/** "5.00" USD → "$5.00"; an amount that is not a number is shown as given. */
function money(amount: string, currency: string): string {
  const cents = Math.round(Number(amount) * 100);
  if (!Number.isFinite(cents)) return `${amount} ${currency}`;
  try {
    return formatMoney(cents, currency);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Fan text for a place with a limit; never empty (Discord refuses empty titles and field values). */
function fanText(text: string, limit: number, empty: string): string {
  return clip(escapeMarkdown(text) || empty, limit);
}

export interface PostSite {
  /** PUBLIC_URL: the approvals link starts there */
  publicUrl: string;
  siteName: string;
}

export function presentRequestNotice(notice: RequestNotice, site: PostSite, at: Date): DiscordPost {
  const approvals = `${site.publicUrl.replace(/\/+$/, '')}${APPROVALS_TAB_PATH}`;
  const video =
    notice.kind === 'flip' && notice.videoId && VIDEO_ID.test(notice.videoId) ? `https://www.youtube.com/watch?v=${notice.videoId}` : null;
  const held = notice.event === 'held';
  const kind = KIND_NAMES[notice.kind];
  const fields = [
    { name: 'Requested by', value: fanText(notice.username, DISCORD_LIMITS.fieldValue, '(no name)'), inline: true },
    { name: 'Paid', value: money(notice.amount, notice.currency), inline: true },
  ];
  if (video) fields.push({ name: 'Video', value: video, inline: false });
  if (held)
    fields.push({ name: 'Waiting for approval', value: `[Approve or reject it in Request Approvals](${approvals})`, inline: false });
  return {
    content: held ? `A paid ${kind} is waiting for approval` : `New ${kind}: paid and ${WHAT_NEXT[notice.kind]}`,
    embeds: [
      {
        title: fanText(notice.title, DISCORD_LIMITS.embedTitle, 'Untitled'),
        // The title opens what the streamer wants to see first: the video, or for a held sample the tab to judge it in.
        ...(video ? { url: video } : held ? { url: approvals } : {}),
        color: COLORS[notice.event],
        fields,
        timestamp: at.toISOString(),
        footer: { text: site.siteName },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** A message safe to log and store: a webhook URL's token (its last path part) shown as ***. */
export function redactWebhook(message: string): string {
  return message.replace(/(\/webhooks\/[^/\s]+\/)[^/\s?#]+/g, '$1***');
}
