/** The longest audio one Opus packet may carry (RFC 6716, section 3.2.5). */
const MAX_PACKET_MS = 120;

/**
 * Milliseconds of audio in one Opus packet, from its TOC byte (RFC 6716, section 3.1): 0 for an
 * empty packet (a lost one), null for bytes that are no Opus packet (no frame, or over 120 ms).
 */
export function opusPacketMs(packet: Uint8Array): number | null {
  const toc = packet[0];
  if (toc === undefined) return 0;
  const config = toc >> 3;
  const frameMs = config < 12 ? [10, 20, 40, 60][config % 4]! : config < 16 ? [10, 20][config % 2]! : [2.5, 5, 10, 20][config % 4]!;
  const code = toc & 3;
  if (code === 3 && packet.length < 2) return null;
  const frames = code === 0 ? 1 : code < 3 ? 2 : packet[1]! & 0x3f;
  const ms = frameMs * frames;
  return frames === 0 || ms > MAX_PACKET_MS ? null : ms;
}
