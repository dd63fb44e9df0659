import { AudioError, type MeasuredAudio } from './audio-error';
import { opusPacketMs } from './opus';
import { Timeline } from './timeline';

/**
 * Duration of a WebM (Matroska) recording, walked from its blocks. Chrome's MediaRecorder writes
 * the Segment and each Cluster with an unknown size and no Duration in Info, so the length is the
 * last block's time plus that block's own length (read from its Opus packet), less the first's,
 * once the blocks are seen to fill that time (timeline.ts).
 */

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
} as const;

/** Elements whose children are walked; every other element is skipped by its size. */
const MASTERS = new Set<number>([ID.segment, ID.info, ID.tracks, ID.trackEntry, ID.cluster, ID.blockGroup]);
/** Children of the Segment: one of them ends a Cluster of unknown size. */
const SEGMENT_CHILDREN = new Set<number>([0x114d9b74, ID.info, ID.tracks, ID.cluster, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367]);
const AUDIO_TRACK = 2;

interface Vint {
  value: number;
  length: number;
  unknown: boolean;
}

function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint {
  const first = bytes[at];
  if (first === undefined || first === 0) throw new AudioError('corrupt');
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) throw new AudioError('truncated');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const readUint = (bytes: Uint8Array, start: number, end: number) => bytes.subarray(start, end).reduce((n, b) => n * 256 + b, 0);

interface Walk {
  timecodeScale: number;
  audioTrack: number | null;
  codec: string | null;
  clusterTime: number;
  timeline: Timeline;
}

/** A block of the audio track: its time, its length by its BlockDuration, and by its Opus packet. */
function onBlock(walk: Walk, bytes: Uint8Array, start: number, end: number, durationUnits: number | null) {
  const track = readVint(bytes, start, false);
  if (walk.audioTrack !== null && track.value !== walk.audioTrack) return;
  const relative = new DataView(bytes.buffer, bytes.byteOffset + start + track.length, 2).getInt16(0);
  const seconds = (units: number) => (units * walk.timecodeScale) / 1e9;
  const packetMs = walk.codec === 'A_OPUS' ? opusPacketMs(bytes.subarray(start + track.length + 3, end)) : undefined;
  if (packetMs === null) throw new AudioError('corrupt');
  const held = packetMs === undefined ? (durationUnits === null ? null : seconds(durationUnits)) : packetMs / 1000;
  const stated = durationUnits === null ? (held ?? 0) : seconds(durationUnits);
  walk.timeline.add(seconds(walk.clusterTime + relative), stated, held);
}

function walkTrackEntry(walk: Walk, bytes: Uint8Array, start: number, end: number) {
  let number = 0;
  let type = 0;
  let codec = '';
  for (let at = start; at < end; ) {
    const id = readVint(bytes, at, true);
    const size = readVint(bytes, at + id.length, false);
    const body = at + id.length + size.length;
    if (body + size.value > end) throw new AudioError('truncated');
    if (id.value === ID.trackNumber) number = readUint(bytes, body, body + size.value);
    if (id.value === ID.trackType) type = readUint(bytes, body, body + size.value);
    if (id.value === ID.codecId) codec = new TextDecoder().decode(bytes.subarray(body, body + size.value));
    at = body + size.value;
  }
  if (type === AUDIO_TRACK && walk.audioTrack === null) {
    walk.audioTrack = number;
    walk.codec = codec;
  }
}

/** Walks the children of one element (or the file) between start and end. */
function walkChildren(walk: Walk, bytes: Uint8Array, start: number, end: number, parent: number | null): number {
  let at = start;
  while (at < end) {
    const id = readVint(bytes, at, true);
    if (parent === ID.cluster && SEGMENT_CHILDREN.has(id.value)) return at;
    const size = readVint(bytes, at + id.length, false);
    const body = at + id.length + size.length;
    if (!size.unknown && body + size.value > end) throw new AudioError('truncated');
    // Only a Segment or a Cluster may leave its size unknown: any other would swallow the rest of the file.
    if (size.unknown && !MASTERS.has(id.value)) throw new AudioError('corrupt');
    const bodyEnd = size.unknown ? end : body + size.value;
    if (id.value === ID.trackEntry) walkTrackEntry(walk, bytes, body, bodyEnd);
    else if (MASTERS.has(id.value)) {
      at = walkChildren(walk, bytes, body, bodyEnd, id.value);
      if (!size.unknown) at = bodyEnd;
      continue;
    } else if (id.value === ID.timecodeScale) walk.timecodeScale = readUint(bytes, body, bodyEnd);
    else if (id.value === ID.clusterTimecode) walk.clusterTime = readUint(bytes, body, bodyEnd);
    else if (id.value === ID.simpleBlock) onBlock(walk, bytes, body, bodyEnd, null);
    else if (id.value === ID.block) onBlock(walk, bytes, body, bodyEnd, blockDuration(bytes, bodyEnd, end));
    at = bodyEnd;
  }
  return at;
}

/** The BlockDuration that follows a Block in its BlockGroup, if any. */
function blockDuration(bytes: Uint8Array, at: number, end: number): number | null {
  if (at >= end || bytes[at] !== ID.blockDuration) return null;
  const size = readVint(bytes, at + 1, false);
  return readUint(bytes, at + 1 + size.length, at + 1 + size.length + size.value);
}

export function measureWebm(bytes: Uint8Array): MeasuredAudio {
  const header = readVint(bytes, 0, true);
  if (header.value !== ID.ebml) throw new AudioError('not-audio');
  const walk: Walk = { timecodeScale: 1_000_000, audioTrack: null, codec: null, clusterTime: 0, timeline: new Timeline() };
  try {
    walkChildren(walk, bytes, 0, bytes.length, null);
  } catch (error) {
    if (error instanceof AudioError) throw error;
    throw new AudioError('corrupt');
  }
  if (walk.audioTrack === null) throw new AudioError('not-audio');
  return { container: 'webm', codec: walk.codec ?? 'unknown', seconds: walk.timeline.seconds() };
}
