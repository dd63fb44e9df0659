import type { Db } from '../db/client';
import type { EventBus } from '../events';
import { HttpError } from '../http/errors';
import { featureFlag, toggleFeatureFlag } from './queries';

/**
 * The request features an admin turns on and off (spec 4 "Request features"). The flag lives in the
 * database, so every instance and every restart agrees; with no row yet it is the configured default.
 * A toggle publishes `request.features` in its own transaction: every instance's socket
 * (feature-socket.ts) re-reads the flags and tells the open request pages.
 */

export const REQUEST_FEATURES = ['flip', 'recording'] as const;
export type RequestFeature = (typeof REQUEST_FEATURES)[number];

/** The spec's not-enabled notices (spec 2), also the message of a refused call. */
export const NOT_ENABLED_MESSAGE: Record<RequestFeature, string> = {
  flip: 'Flip requests are not currently enabled. Check back again during the next livestream!',
  recording: 'Sample requests are not currently enabled. Check back again during the next livestream!',
};

/** A call of a feature that is off: 409, the state of the site refuses it, not the caller's rights. */
export const notEnabled = (feature: RequestFeature) => new HttpError(409, NOT_ENABLED_MESSAGE[feature]);

export type RequestFeatures = ReturnType<typeof createRequestFeatures>;

/** Every feature's flag, by the API's name. */
export type FeatureFlags = Record<RequestFeature, boolean>;

/**
 * `paymentsConfigured`: without PayPal (production without PAYPAL_*) nothing can be paid, so every
 * feature reads as off and an admin cannot turn one on.
 */
export function createRequestFeatures(
  db: Db,
  events: Pick<EventBus, 'publish'>,
  options: { enabledByDefault: boolean; paymentsConfigured: boolean },
) {
  const enabledByDefault = options.enabledByDefault && options.paymentsConfigured;
  async function isEnabled(feature: RequestFeature): Promise<boolean> {
    if (!options.paymentsConfigured) return false;
    return (await featureFlag(db, feature)) ?? enabledByDefault;
  }

  return {
    isEnabled,

    /** Every feature's state: what the features socket sends, beside whether the queue is full (feature-socket.ts). */
    async readAll(): Promise<FeatureFlags> {
      const [flip, recording] = await Promise.all(REQUEST_FEATURES.map(isEnabled));
      return { flip: flip!, recording: recording! };
    },

    /**
     * Flips the flag in one statement, so two admins toggling at once make two changes, not one;
     * the event goes out only if that statement commits.
     */
    async toggle(feature: RequestFeature): Promise<boolean> {
      if (!options.paymentsConfigured) throw new HttpError(409, 'Payments are not configured on this site (PAYPAL_* settings)');
      return db.transaction(async (tx) => {
        const enabled = await toggleFeatureFlag(tx, feature, !enabledByDefault);
        await events.publish(tx, 'request.features', { feature });
        return enabled;
      });
    },

    /** Throws the 409 of a feature that is off. */
    async requireEnabled(feature: RequestFeature): Promise<void> {
      if (!(await isEnabled(feature))) throw notEnabled(feature);
    },
  };
}
