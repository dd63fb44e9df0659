import { AudioError } from './audio-error';

/**
 * A recording's timeline, checked against the audio it holds. The container says when each packet
 * starts (WebM: its cluster's timecode plus its own offset; MP4: its fragment's decode time plus the
 * samples before it) and the packet says how long it lasts (an Opus packet's TOC byte). A recorder
 * writes packets one after the other, so the time from the first packet's start to the last one's
 * end is the audio the packets hold, give or take a recorder's jitter. A corrupted timecode that
 * puts a cluster 20 s ahead claims time no packet fills: such a file is refused, never priced
 * (issue 21: a 5.4 s recording with a few bytes changed measured 26.2 s and cost $30).
 */

/** How far the timeline may stray from the audio the packets hold, and a packet start before the one before it. */
export const TIMELINE_TOLERANCE_SECONDS = 0.25;

interface Packet {
  start: number;
  held: number | null;
}

export class Timeline {
  private first: number | null = null;
  private end = 0;
  private held = 0;
  private previous: Packet | null = null;
  private backwards = false;

  /**
   * One packet, in file order: its start and its length by the container's word (`stated`, which
   * sets the end), and by its own (`held`; null when the codec does not say, so it is taken to
   * last until the next packet starts), all in seconds.
   */
  add(start: number, stated: number, held: number | null) {
    const previous = this.previous;
    if (previous) {
      if (start < previous.start - TIMELINE_TOLERANCE_SECONDS) this.backwards = true;
      if (previous.held === null) this.held += Math.max(0, start - previous.start);
    }
    this.first = this.first === null ? start : Math.min(this.first, start);
    this.end = Math.max(this.end, start + stated);
    this.held += held ?? 0;
    this.previous = { start, held };
  }

  /** The recording's length: from the first packet's start to the latest end, once the packets are seen to fill it. */
  seconds(): number {
    if (this.first === null) throw new AudioError('empty');
    const span = this.end - this.first;
    if (this.backwards || Math.abs(span - this.held) > TIMELINE_TOLERANCE_SECONDS) throw new AudioError('inconsistent');
    if (span <= 0) throw new AudioError('empty');
    return span;
  }
}
