import sanitizeHtml from 'sanitize-html';
import { FILE_URL_PREFIX } from '@dzy/domain/contracts/uploads.contract';

/** Exactly the URL shape uploads hand out — no '..', no query, nothing that resolves elsewhere. */
const OUR_IMAGE = new RegExp(`^${FILE_URL_PREFIX}/[1-9]\\d*/[a-f0-9]{32}\\.(png|jpg)$`);

const COLOR = [/^#[0-9a-fA-F]{3,6}$/, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/];

/**
 * The allow-list for chat HTML: simple formatting, links (http, https, mailto) that open in a new tab, and
 * images only from our own upload URLs. Everything else — scripts, event handlers, javascript: URLs, iframes,
 * styles beyond colour and alignment — is dropped, whatever the browser's editor produced.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'font'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    font: ['color'],
    span: ['style'],
    p: ['style'],
    div: ['style'],
  },
  allowedStyles: { '*': { color: COLOR, 'background-color': COLOR, 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
  // An image must be one of our uploads: no tracking pixels or outside hosts in the chat.
  exclusiveFilter: (frame) => frame.tag === 'img' && !OUR_IMAGE.test(frame.attribs.src ?? ''),
};

export function sanitizeChatHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The text of sanitized HTML (for search and the emptiness check). */
export function plainTextOf(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li)[^>]*>/gi, ' $&'), { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m).replace(/\s+/g, ' ').trim();
}
