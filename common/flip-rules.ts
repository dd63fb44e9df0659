import { FLIP_URL_MIN, NAME_MAX, NAME_MIN } from './constants';

/**
 * The flip form's field rules (spec 5), zod-free so the web checks them as the server does without
 * loading zod.
 */

/** Nicknames: 3 to 32 letters, digits or dashes. */
export const NICKNAME_PATTERN = /^[A-Za-z0-9-]+$/;
export const NICKNAME_HINT = 'Only letters, numbers or dash';
export const nicknameLooksValid = (name: string) =>
  name.trim().length >= NAME_MIN && name.trim().length <= NAME_MAX && NICKNAME_PATTERN.test(name.trim());

/** What a nickname breaks, in words for the line under the field ("Nickname is required", the hint); null when valid. */
export function nicknameProblem(label: string, name: string): string | null {
  const text = name.trim();
  if (text === '') return `${label} is required`;
  if (text.length < NAME_MIN) return `${label} must be at least ${NAME_MIN} characters long (it has ${text.length})`;
  if (text.length > NAME_MAX) return `${label} must be at most ${NAME_MAX} characters long (it has ${text.length})`;
  return NICKNAME_PATTERN.test(text) ? null : NICKNAME_HINT;
}

/** The URL field: at least 33 characters, URL-like (optional http or https scheme, dotted host). */
export const FLIP_URL_PATTERN = /^(https?:\/\/)?([\w-]+\.)+[\w-]+(\/\S*)?$/i;
export const FLIP_URL_HINT = 'Must be valid URL';
export const flipUrlLooksValid = (url: string) => url.trim().length >= FLIP_URL_MIN && FLIP_URL_PATTERN.test(url.trim());
