import { badRequest, notFound } from '../../http/errors';
import { countReplay, historyItem, sampleAudio, sampleRequestById } from './queries';
import type { SampleDeps } from './service';

/** Admins play a paid sample again (POST /api/requests/flip/replay?id=), and the overlay fetches the audio. */
export function createSamplePlayback(deps: SampleDeps) {
  const { db } = deps;
  return {
    /** The history item's sample plays again: `sample.replayed`, its version the sample's replay count. */
    async replay(historyId: number): Promise<void> {
      const item = await historyItem(db, historyId);
      if (!item) throw notFound(`No request ${historyId}`);
      if (item.sampleRequestId === null) throw badRequest('This request has no sample to replay');
      const sample = await sampleRequestById(db, item.sampleRequestId);
      if (sample?.state !== 'paid') throw badRequest('This request has no paid sample to replay');
      await db.transaction(async (tx) => {
        const replays = await countReplay(tx, sample.id, deps.now());
        await deps.events.publish(tx, 'sample.replayed', { sampleRequestId: sample.id, replays });
      });
    },

    /**
     * The recording of a paid sample (unpaid ones are not served: nobody bought them a play). A held
     * one only to admins, who listen before they decide: the player (the overlay key) never gets an
     * unreviewed sample.
     */
    async audio(id: number, byAdmin: boolean): Promise<{ audio: Buffer; mimeType: string }> {
      const sample = await sampleRequestById(db, id);
      const served = sample?.state === 'paid' || (byAdmin && sample?.state === 'held');
      if (!served) throw notFound(`No paid sample ${id}`);
      return (await sampleAudio(db, id))!;
    },
  };
}
