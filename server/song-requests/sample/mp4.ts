import { AudioError, type MeasuredAudio } from './audio-error';
import { opusPacketMs } from './opus';
import { Timeline } from './timeline';

/**
 * Duration of an MP4 (ISO BMFF) recording. MediaRecorder (Safari, and Chromium's audio/mp4) writes
 * fragmented MP4: the moov holds no samples and a duration of 0, so the length is the sum of the
 * fragments: from the first fragment's decode time (tfdt) to the end of the last one's samples
 * (trun), in the audio track's timescale (mdhd). Each sample is read where the trun says it lies,
 * so a sample past the end of the file is refused, and an Opus sample's own length (its TOC byte)
 * checks the timeline (timeline.ts).
 * An unfragmented file is measured by its track header (mdhd), checked against its sample table (stts).
 */

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'mvex', 'moof', 'traf']);
/** A box type is four printable characters: anything else is a walk gone astray (a corrupted box size). */
const PRINTABLE_TYPE = /^[\x20-\x7e]{4}$/;

interface Walk {
  bytes: Uint8Array;
  timescale: number;
  trackDuration: number;
  /** The audio track's sample table (stts): the units its samples add up to */
  tableUnits: number;
  handler: string | null;
  codec: string | null;
  defaultSampleDuration: number;
  defaultSampleSize: number;
  fragmentDefault: number;
  fragmentDefaultSize: number;
  fragments: number;
  /** Where the current moof starts, and where the next sample's data lies */
  moofStart: number;
  dataBase: number;
  dataAt: number;
  /** Decode time of the current fragment (tfdt) and its samples so far */
  fragmentStart: number;
  fragmentUnits: number;
  end: number;
  timeline: Timeline;
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

function onStts(walk: Walk, view: DataView, body: number, end: number) {
  const count = view.getUint32(body + 4);
  if (body + 8 + count * 8 > end) throw new AudioError('truncated');
  for (let i = 0, at = body + 8; i < count; i++, at += 8) walk.tableUnits += view.getUint32(at) * view.getUint32(at + 4);
}

/** One sample of a fragment: where its start lies on the timeline, and what its Opus packet holds. */
function onSample(walk: Walk, units: number, size: number) {
  if (walk.timescale === 0) throw new AudioError('not-audio');
  if (walk.dataAt < 0) throw new AudioError('corrupt');
  if (walk.dataAt + size > walk.bytes.length) throw new AudioError('truncated');
  const start = (walk.fragmentStart + walk.fragmentUnits) / walk.timescale;
  let held: number | null = null;
  if (walk.codec === 'Opus') {
    const ms = opusPacketMs(walk.bytes.subarray(walk.dataAt, walk.dataAt + size));
    if (ms === null) throw new AudioError('corrupt');
    held = ms / 1000;
  }
  walk.timeline.add(start, units / walk.timescale, held);
  walk.fragmentUnits += units;
  walk.end = Math.max(walk.end, walk.fragmentStart + walk.fragmentUnits);
  walk.dataAt += size;
}

function onTrun(walk: Walk, view: DataView, body: number, end: number) {
  const flags = view.getUint32(body) & 0xffffff;
  const count = view.getUint32(body + 4);
  let at = body + 8;
  if (flags & 0x1) {
    walk.dataAt = walk.dataBase + view.getInt32(at);
    at += 4;
  }
  if (flags & 0x4) at += 4;
  const perSample = (flags & 0x100 ? 4 : 0) + (flags & 0x200 ? 4 : 0) + (flags & 0x400 ? 4 : 0) + (flags & 0x800 ? 4 : 0);
  if (at + count * perSample > end) throw new AudioError('truncated');
  for (let i = 0; i < count; i++, at += perSample) {
    const units = flags & 0x100 ? view.getUint32(at) : walk.fragmentDefault || walk.defaultSampleDuration;
    const size = flags & 0x200 ? view.getUint32(at + (flags & 0x100 ? 4 : 0)) : walk.fragmentDefaultSize || walk.defaultSampleSize;
    onSample(walk, units, size);
  }
}

/** A track fragment's header: where its data is counted from, and its samples' default duration and size. */
function onTfhd(walk: Walk, view: DataView, body: number) {
  const flags = view.getUint32(body) & 0xffffff;
  walk.dataBase = flags & 0x1 ? readUint64(view, body + 8) : walk.moofStart;
  walk.dataAt = walk.dataBase;
  let at = body + 8 + (flags & 0x1 ? 8 : 0) + (flags & 0x2 ? 4 : 0);
  walk.fragmentDefault = flags & 0x8 ? view.getUint32(at) : 0;
  if (flags & 0x8) at += 4;
  walk.fragmentDefaultSize = flags & 0x10 ? view.getUint32(at) : 0;
  walk.fragments++;
  walk.fragmentStart = walk.end;
  walk.fragmentUnits = 0;
}

/** A fragment's decode time: Chromium's muxer guesses each fragment's last sample length, its next tfdt is the truth. */
function onTfdt(walk: Walk, view: DataView, body: number) {
  walk.fragmentStart = view.getUint8(body) === 1 ? readUint64(view, body + 4) : view.getUint32(body + 4);
  walk.fragmentUnits = 0;
}

function onBox(walk: Walk, view: DataView, type: string, body: number, end: number) {
  if (type === 'mdhd') onMdhd(walk, view, body);
  else if (type === 'hdlr') walk.handler = fourcc(view, body + 8);
  else if (type === 'stsd' && walk.handler === 'soun') walk.codec = fourcc(view, body + 12);
  else if (type === 'stts' && walk.handler === 'soun') onStts(walk, view, body, end);
  else if (type === 'trex') {
    walk.defaultSampleDuration = view.getUint32(body + 12);
    walk.defaultSampleSize = view.getUint32(body + 16);
  } else if (type === 'tfhd') onTfhd(walk, view, body);
  else if (type === 'tfdt') onTfdt(walk, view, body);
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
    if (size < header || !PRINTABLE_TYPE.test(type)) throw new AudioError('corrupt');
    if (at + size > end) throw new AudioError('truncated');
    // Samples of a track other than the audio one would be counted too: recordings have one track.
    if (type === 'trak') walk.handler = null;
    if (type === 'moof') walk.moofStart = at;
    if (CONTAINERS.has(type)) walkBoxes(walk, view, at + header, at + size);
    else onBox(walk, view, type, at + header, at + size);
    at += size;
  }
}

export function measureMp4(bytes: Uint8Array): MeasuredAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || fourcc(view, 4) !== 'ftyp') throw new AudioError('not-audio');
  const walk: Walk = {
    bytes,
    timescale: 0,
    trackDuration: 0,
    tableUnits: 0,
    handler: null,
    codec: null,
    defaultSampleDuration: 0,
    defaultSampleSize: 0,
    fragmentDefault: 0,
    fragmentDefaultSize: 0,
    fragments: 0,
    moofStart: 0,
    dataBase: 0,
    dataAt: 0,
    fragmentStart: 0,
    fragmentUnits: 0,
    end: 0,
    timeline: new Timeline(),
  };
  try {
    walkBoxes(walk, view, 0, bytes.length);
  } catch (error) {
    if (error instanceof AudioError) throw error;
    throw new AudioError('corrupt');
  }
  if (walk.codec === null || walk.timescale === 0) throw new AudioError('not-audio');
  if (walk.fragments === 0) {
    if (walk.trackDuration === 0) throw new AudioError('empty');
    walk.timeline.add(0, walk.trackDuration / walk.timescale, walk.tableUnits / walk.timescale);
  }
  return { container: 'mp4', codec: walk.codec.trim(), seconds: walk.timeline.seconds() };
}
