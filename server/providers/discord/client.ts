import { z } from 'zod';
import { createHttp, type HttpOptions } from '../shared/http';

/**
 * Discord's incoming webhook (Execute Webhook): the streamer's channel hears about new requests.
 * The URL is the webhook's own (https://discord.com/api/webhooks/{id}/{token}); its token is a
 * secret, so messages and logs show it as ***. `?wait=true` makes Discord answer the stored message,
 * so a post is known to have arrived. Retries (429 with Retry-After, 5xx, timeouts) are the shared
 * HTTP helper's.
 */

/** Discord's limits on what a webhook may post (longer is a 400 Invalid Form Body). */
export const DISCORD_LIMITS = { content: 2000, embedTitle: 256, embedDescription: 4096, fieldName: 256, fieldValue: 1024, fields: 25 };

export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string };
}

export interface DiscordPost {
  content?: string;
  username?: string;
  embeds?: DiscordEmbed[];
  /** No pings from what fans typed (a nickname "@everyone") */
  allowed_mentions?: { parse: string[] };
}

const messageSchema = z.object({ id: z.string(), channel_id: z.string().optional(), timestamp: z.string().optional() });
export type DiscordMessage = z.output<typeof messageSchema>;

const errorSchema = z.object({ message: z.string().optional(), code: z.number().optional() });

function describeDiscordError(body: unknown) {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return {};
  return { reason: parsed.data.code !== undefined ? String(parsed.data.code) : undefined, message: parsed.data.message };
}

export interface DiscordClientOptions {
  webhookUrl: string;
  http: Omit<HttpOptions, 'provider' | 'describeError' | 'baseUrl'>;
}

export type DiscordClient = ReturnType<typeof createDiscordClient>;

export function createDiscordClient(options: DiscordClientOptions) {
  const http = createHttp({ ...options.http, provider: 'discord', baseUrl: options.webhookUrl, describeError: describeDiscordError });
  return {
    /** Posts a message; text a fan wrote never pings anyone. */
    post(message: DiscordPost): Promise<DiscordMessage> {
      return http.json('', messageSchema, {
        method: 'POST',
        query: { wait: true },
        json: { allowed_mentions: { parse: [] }, ...message },
      });
    },
  };
}

/** Cuts a text to Discord's limit for its field, marking the cut. */
export function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
