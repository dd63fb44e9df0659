import type { Database } from '../db/client';
import type { App } from '../http/types';
import { createEventBus, type EventBus } from './bus';

export type { EventBus } from './bus';
export type { EventName, EventPayload } from './types';

/** The app's bus: listening before the app serves, closed with it. */
export async function startEventBus(app: App, database: Database): Promise<EventBus> {
  const events = createEventBus({ database, log: app.log });
  await events.start();
  app.addHook('onClose', () => events.stop());
  return events;
}
