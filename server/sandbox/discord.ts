import { randomInt } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from '../demo/accounts';
import type { App } from '../http/types';
import { faultHook } from './common';
import type { SandboxState } from './state';

/**
 * Discord's incoming webhooks (discord.com/api/webhooks/{id}/{token}) under /sandbox/discord, for
 * the streamer's notifications: execute with JSON (content and/or embeds, Discord's limits), 204, or
 * 200 and the message with `?wait=true`; Discord's error bodies `{message, code}` (Unknown Webhook,
 * Invalid Webhook Token, Cannot send an empty message, Invalid Form Body) and, for faults, its 429
 * `{message, retry_after, global}` with Retry-After. What it received is listed at
 * GET /sandbox/discord/messages, newest last.
 */

const PREFIX = '/sandbox/discord';

const embedSchema = z
  .object({
    title: z.string().max(256).optional(),
    description: z.string().max(4096).optional(),
    url: z.string().optional(),
    color: z.number().int().min(0).max(0xffffff).optional(),
    timestamp: z.string().optional(),
    fields: z
      .array(z.object({ name: z.string().min(1).max(256), value: z.string().min(1).max(1024), inline: z.boolean().optional() }))
      .max(25)
      .optional(),
    footer: z.object({ text: z.string().max(2048) }).optional(),
    author: z.object({ name: z.string().max(256), url: z.string().optional() }).optional(),
  })
  .passthrough();

const executeSchema = z
  .object({
    content: z.string().max(2000).optional(),
    username: z.string().min(1).max(80).optional(),
    avatar_url: z.string().optional(),
    tts: z.boolean().optional(),
    embeds: z.array(embedSchema).max(10).optional(),
    allowed_mentions: z
      .object({ parse: z.array(z.string()).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

export type DiscordExecute = z.output<typeof executeSchema>;

export interface DiscordMessage {
  id: string;
  webhookId: string;
  /** ISO time Discord stored it */
  timestamp: string;
  body: DiscordExecute;
}

/** Discord's ids are snowflakes: 17 to 20 digits. */
const snowflake = () => `13${Array.from({ length: 17 }, () => randomInt(10)).join('')}`;

export class DiscordSandbox {
  readonly webhook = DEMO_ACCOUNTS.discord;
  readonly messages: DiscordMessage[] = [];
  now: () => Date = () => new Date();

  reset() {
    this.messages.length = 0;
  }
}

function discordError(reply: FastifyReply, status: number, code: number, message: string, errors?: unknown) {
  return reply.code(status).send({ message, code, ...(errors ? { errors } : {}) });
}

/** Discord's Invalid Form Body: `errors` mirrors the body's shape down to the field, with `_errors`. */
function formErrors(error: z.ZodError) {
  const errors: Record<string, unknown> = {};
  for (const issue of error.issues) {
    let node = errors;
    for (const key of issue.path) {
      node[String(key)] ??= {};
      node = node[String(key)] as Record<string, unknown>;
    }
    node._errors = [{ code: 'BASE_TYPE_INVALID', message: issue.message }];
  }
  return errors;
}

function faultBody(status: number) {
  if (status === 429) return { message: 'You are being rate limited.', retry_after: 1, global: false };
  return { message: status >= 500 ? '500: Internal Server Error' : `${status}: Error`, code: 0 };
}

export function discordSandbox(app: App, state: SandboxState) {
  const discord = state.discord;
  faultHook(app, state, 'discord', PREFIX, faultBody);

  app.post('/api/webhooks/:id/:token', async (request, reply) => {
    const { id, token } = request.params as { id: string; token: string };
    if (id !== discord.webhook.webhookId) return discordError(reply, 404, 10015, 'Unknown Webhook');
    if (token !== discord.webhook.token) return discordError(reply, 401, 50027, 'Invalid Webhook Token');
    const parsed = executeSchema.safeParse(request.body ?? {});
    if (!parsed.success) return discordError(reply, 400, 50035, 'Invalid Form Body', formErrors(parsed.error));
    const body = parsed.data;
    if (!body.content && !(body.embeds && body.embeds.length > 0)) return discordError(reply, 400, 50006, 'Cannot send an empty message');
    const message: DiscordMessage = { id: snowflake(), webhookId: id, timestamp: discord.now().toISOString(), body };
    discord.messages.push(message);
    const wait = (request.query as { wait?: string }).wait === 'true';
    if (!wait) return reply.code(204).send();
    return {
      id: message.id,
      type: 0,
      content: body.content ?? '',
      embeds: body.embeds ?? [],
      channel_id: discord.webhook.channelId,
      webhook_id: id,
      timestamp: message.timestamp,
      author: { id, username: body.username ?? discord.webhook.name, bot: true },
    };
  });

  app.get('/messages', { schema: { hide: true } }, async () => ({ messages: discord.messages }));
}
