import { AudioError, type MeasuredAudio } from './audio-error';

/**
 * Duration of an MP4 (ISO BMFF) recording. MediaRecorder (Safari, and Chromium's audio/mp4) writes
 * fragmented MP4: the moov holds no samples and a duration of 0, so the length is the sum of the
 * fragments: from the first fragment's decode time (tfdt) to the end of the last one's samples
 * (trun), in the audio track's timescale (mdhd).
 * An unfragmented file is measured by its track header (mdhd) instead.
 */

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf']);

interface Walk {
  timescale: number;
  trackDuration: number;
  handler: string | null;
  codec: string | null;
  defaultSampleDuration: number;
  fragmentDefault: number;
  fragments: number;
  /** Decode time of the current fragment (tfdt) and its samples so far */
  fragmentStart: number;
  fragmentUnits: number;
  first: number | null;
  end: number;
}

const fourcc = (view: DataView, at: number) => String.fromCharCode(...new Uint8Array(view.buffer, view.byteOffset + at, 4));

function readUint64(view: DataView, at: number): number {
  return view.getUint32(at) * 2 ** 32 + view.getUint32(at + 4);
}

function onMdhd(walk: Walk, view: DataView, body: number) {
  const version = view.getUint8(body);
  walk.timescale = view.getUint32(body + (version === 1 ? 20 : 12));
  walk.trackDuration = version === 1 ? readUint64(view, body + 24) : view.getUint32(body + 16);
}

function onTrun(walk: Walk, view: DataView, body: number, end: number) {
  const flags = view.getUint32(body) & 0xffffff;
  const count = view.getUint32(body + 4);
  let at = body + 8 + (flags & 0x1 ? 4 : 0) + (flags & 0x4 ? 4 : 0);
  const perSample = (flags & 0x100 ? 4 : 0) + (flags & 0x200 ? 4 : 0) + (flags & 0x400 ? 4 : 0) + (flags & 0x800 ? 4 : 0);
  if (at + count * perSample > end) throw new AudioError('truncated');
  for (let i = 0; i < count; i++, at += perSample) {
    walk.fragmentUnits += flags & 0x100 ? view.getUint32(at) : walk.fragmentDefault || walk.defaultSampleDuration;
  }
  walk.end = Math.max(walk.end, walk.fragmentStart + walk.fragmentUnits);
}

/** A fragment's decode time: Chromium's muxer guesses each fragment's last sample length, its next tfdt is the truth. */
function onTfdt(walk: Walk, view: DataView, body: number) {
  walk.fragmentStart = view.getUint8(body) === 1 ? readUint64(view, body + 4) : view.getUint32(body + 4);
  walk.fragmentUnits = 0;
  walk.first = walk.first === null ? walk.fragmentStart : Math.min(walk.first, walk.fragmentStart);
}

function onBox(walk: Walk, view: DataView, type: string, body: number, end: number) {
  if (type === 'mdhd') onMdhd(walk, view, body);
  else if (type === 'hdlr') walk.handler = fourcc(view, body + 8);
  else if (type === 'stsd' && walk.handler === 'soun') walk.codec = fourcc(view, body + 12);
  else if (type === 'trex') walk.defaultSampleDuration = view.getUint32(body + 12);
  else if (type === 'tfhd') {
    const flags = view.getUint32(body) & 0xffffff;
    const offset = body + 8 + (flags & 0x1 ? 8 : 0) + (flags & 0x2 ? 4 : 0);
    walk.fragmentDefault = flags & 0x8 ? view.getUint32(offset) : 0;
    walk.fragments++;
    walk.fragmentStart = walk.end;
    walk.fragmentUnits = 0;
  } else if (type === 'tfdt') onTfdt(walk, view, body);
  else if (type === 'trun') onTrun(walk, view, body, end);
}

function walkBoxes(walk: Walk, view: DataView, start: number, end: number) {
  for (let at = start; at < end; ) {
    if (at + 8 > end) throw new AudioError('truncated');
    let size = view.getUint32(at);
    const type = fourcc(view, at + 4);
    let header = 8;
    if (size === 1) {
      size = readUint64(view, at + 8);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header) throw new AudioError('corrupt');
    if (at + size > end) throw new AudioError('truncated');
    // Samples of a track other than the audio one would be counted too: recordings have one track.
    if (type === 'trak') walk.handler = null;
    if (CONTAINERS.has(type)) walkBoxes(walk, view, at + header, at + size);
    else onBox(walk, view, type, at + header, at + size);
    at += size;
  }
}

export function measureMp4(bytes: Uint8Array): MeasuredAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || fourcc(view, 4) !== 'ftyp') throw new AudioError('not-audio');
  const walk: Walk = {
    timescale: 0,
    trackDuration: 0,
    handler: null,
    codec: null,
    defaultSampleDuration: 0,
    fragmentDefault: 0,
    fragments: 0,
    fragmentStart: 0,
    fragmentUnits: 0,
    first: null,
    end: 0,
  };
  try {
    walkBoxes(walk, view, 0, bytes.length);
  } catch (error) {
    if (error instanceof AudioError) throw error;
    throw new AudioError('corrupt');
  }
  if (walk.codec === null || walk.timescale === 0) throw new AudioError('not-audio');
  const units = walk.fragments > 0 ? walk.end - (walk.first ?? 0) : walk.trackDuration;
  if (units === 0) throw new AudioError('empty');
  return { container: 'mp4', codec: walk.codec.trim(), seconds: units / walk.timescale };
}
