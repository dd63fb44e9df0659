/** Business constants of spec section 9. */

export const PAGE_SIZE = { narrow: 9, wide: 21, breakpoint: 1024 } as const;
export const SHORT_PAGE_SIZE = { narrow: 4, wide: 8, breakpoint: 640 } as const;
export const PLAYLIST_PAGE_SIZE = 4;
export const STREAM_CLIPS_PAGE_SIZE = 4;
export const REQUEST_HISTORY_PAGE_SIZE = 25;
export const REQUEST_HISTORY_CLIENT_DEFAULT_SIZE = 30;
export const INFINITE_SCROLL_DISTANCE = 1;
export const INFINITE_SCROLL_THROTTLE_MS = 200;

/** The largest value of a PostgreSQL `integer` (and `serial` id): input past it is refused, not sent to the database. */
export const INT32_MAX = 2_147_483_647;

/** The API refuses larger pages; a bigger request is clamped, never an error. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_API_PAGE_SIZE = 21;

export const DROPDOWN_MAX_HEIGHT = 240;
export const SELECT_KEYBOARD_DEBOUNCE_MS = 200;

export const FLIP_PRICE_USD = 20;
export const SAMPLE_BLOCK_SECONDS = 5;
export const SAMPLE_BLOCK_PRICE_USD = 5;
export const CURRENCY = 'USD';

export const RECORDING_LEAD_IN_SECONDS = 2;
export const RECORDING_BITRATE = 256_000;
export const RECORDING_TIMER_MS = 100;
export const RECORDING_DEFAULT_MIME = 'audio/webm';

export const NAME_MIN = 3;
export const NAME_MAX = 32;
export const FLIP_URL_MIN = 33;
export const PLAYLIST_URL_MIN = 38;

/** Socket reconnection (spec 7, radio and queue sockets): 25 attempts, 500 ms doubling, at most 2 minutes. */
export const RECONNECT = { attempts: 25, initialDelayMs: 500, growFactor: 2, maxDelayMs: 120_000 } as const;
export const RADIO_FREQUENCY = '93.8 FM';
export const RADIO_STATIONS = ['top', 'everything'] as const;
export const DEFAULT_STATION = 'top';
/** The radio's API paths (common/radio.ts has their shapes), here without them so that naming a path builds no schema in the browser */
export const RADIO_PATHS = {
  socket: '/api/ws/radio',
  skip: '/api/radio/skip',
  current: '/api/radio/current',
  history: '/api/radio/history',
  listeners: '/api/radio/listeners',
  /** The listener count, pushed (its own socket: every message of /api/ws/radio is a track) */
  listenersSocket: '/api/ws/radio/listeners',
} as const;

/** A player further than this from the server's position is moved to it (issue 13). */
export const RADIO_MAX_DRIFT_SECS = 2;

export const TOAST = { displayMs: 5000, extendedMs: 1000, animationMs: 300 } as const;

export const THUMBNAIL = { width: 320, height: 180 } as const;
/** Where a catalogue thumbnail is served (spec 3): /images/thumbnails/{media|streams|playlists|clips}/{file}. */
export const thumbnailPath = (kind: string, file: string) => `/images/thumbnails/${kind}/${encodeURIComponent(file)}`;
export const SHARE_IMAGE = { width: 480, height: 270 } as const;

/** Song of the Day does not repeat within this many days. */
export const DAILY_SONG_NO_REPEAT_DAYS = 30;

/** Id of the element of index.html that carries the public configuration (server/site/index-html.ts). */
export const PUBLIC_CONFIG_ELEMENT_ID = 'almanac-public-config';
/**
 * The id of the JSON the server writes into a page's HTML: the logged-out answers of the API reads the
 * page's first screen makes, by URL (common/first-reads.ts), so it renders without those round trips
 * (issue 23, LCP).
 */
export const PAGE_ANSWERS_ELEMENT_ID = 'almanac-page-answers';
