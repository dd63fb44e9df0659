import { SHARE_IMAGE } from '../../common/constants';

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
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe inside a quoted attribute and as element text: every character that could end either is an entity. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => Object.keys(ENTITIES).find((c) => ENTITIES[c] === entity) ?? entity);
}

const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name="description"\s+content="([^"]*)"\s*\/?>\s*/i;

export interface AppShell {
  /** The shell's own description (web/index.html), which pages without one of their own share */
  description: string;
  /** The page with its card, and `more` head tags after it (site/page-answers.ts: its first screen's data) */
  render(card: ShareCard, more?: readonly string[]): string;
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
    render: (card, more = []) => `${head}${headTags(card, more)}${tail}`,
  };
}

function headTags(card: ShareCard, more: readonly string[]): string {
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
  return `  ${[...tags, ...more].join('\n    ')}\n  `;
}
