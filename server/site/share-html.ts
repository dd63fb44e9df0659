import { PAGE_ITEM_ELEMENT_ID, SHARE_IMAGE } from '../../common/constants';

/** What a link to a page shows where it is posted (Open Graph and Twitter cards). */
export interface ShareCard {
  /** og:title: the item's name, or "{section} | {site name}" */
  title: string;
  /** The document's <title> */
  documentTitle: string;
  description: string;
  /** Absolute URLs */
  url: string;
  image: string;
  imageAlt: string;
  /** og:type */
  type: string;
  siteName: string;
  /**
   * A same-origin image the page shows first and largest (an item page's poster): preloaded from the
   * HTML, so it downloads while the app's script does instead of after it ran and asked the API (LCP).
   */
  preloadImage?: string;
  /**
   * The item a page shows, as the logged-out GET /api/{kind}/{id} answers it: written into the page as
   * JSON, so its first screen renders without asking the API first (the app asks again behind it).
   */
  item?: { kind: string; id: number; value: unknown };
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe inside a quoted attribute and as element text: every character that could end either is an entity. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => Object.keys(ENTITIES).find((c) => ENTITIES[c] === entity) ?? entity);
}

/**
 * A non-executed `<script type="application/json">` (allowed by the CSP). `<` is written as \u003c, so
 * no value (a name with `</script>` in it) can close the element; JSON.parse reads it back unchanged.
 */
export function itemElement(item: { kind: string; id: number; value: unknown }): string {
  const json = JSON.stringify(item).replace(/</g, '\\u003c');
  return `<script id="${PAGE_ITEM_ELEMENT_ID}" type="application/json">${json}</script>`;
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>\s*/i;

export interface AppShell {
  /** The shell's own description (web/index.html), which pages without one of their own share */
  description: string;
  render(card: ShareCard): string;
}

/**
 * The app shell cut once around its title and description, so each page's head costs a few string
 * joins. Crawlers of chat apps and social networks run no script: what they show is what this writes.
 */
export function createAppShell(html: string): AppShell {
  const description = unescapeHtml(DESCRIPTION.exec(html)?.[1] ?? '');
  const rest = html.replace(TITLE, '').replace(DESCRIPTION, '');
  const at = rest.indexOf('</head>');
  if (at < 0) throw new Error('The app shell has no </head>');
  const head = rest.slice(0, at);
  const tail = rest.slice(at);
  return {
    description,
    render: (card) => `${head}${headTags(card)}${tail}`,
  };
}

function headTags(card: ShareCard): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(card.documentTitle)}</title>`,
    meta('name', 'description', card.description),
    meta('property', 'og:site_name', card.siteName),
    meta('property', 'og:type', card.type),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', card.url),
    meta('property', 'og:image', card.image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', card.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image),
    meta('name', 'twitter:image:alt', card.imageAlt),
  ];
  if (card.preloadImage) tags.push(`<link rel="preload" as="image" href="${escapeHtml(card.preloadImage)}" fetchpriority="high" />`);
  if (card.item) tags.push(itemElement(card.item));
  return `  ${tags.join('\n    ')}\n  `;
}
