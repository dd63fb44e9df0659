/**
 * Spec 5 "Generic form errors": a field is required, shorter or longer than its bounds (with the
 * bound and the actual length), or does not match its pattern. The message names which.
 */
export type FormError =
  | { kind: 'required' }
  | { kind: 'minlength'; requiredLength: number; actualLength: number }
  | { kind: 'maxlength'; requiredLength: number; actualLength: number }
  | { kind: 'pattern'; requiredPattern: RegExp; actualValue: string };

export interface TextRules {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

/** The first rule a trimmed text breaks, in the spec's order; null when it keeps them all. */
export function checkText(value: string, rules: TextRules): FormError | null {
  const text = value.trim();
  if (text === '') return rules.required ? { kind: 'required' } : null;
  if (rules.minLength !== undefined && text.length < rules.minLength)
    return { kind: 'minlength', requiredLength: rules.minLength, actualLength: text.length };
  if (rules.maxLength !== undefined && text.length > rules.maxLength)
    return { kind: 'maxlength', requiredLength: rules.maxLength, actualLength: text.length };
  if (rules.pattern && !rules.pattern.test(text)) return { kind: 'pattern', requiredPattern: rules.pattern, actualValue: text };
  return null;
}

/**
 * The line under the field, e.g. "Playlist URL must be at least 38 characters long (it has 20)".
 * `expected` says in words what the pattern wants ("a valid URL"), since a regular expression is no
 * help to a visitor.
 */
export function formErrorText(label: string, error: FormError, expected = 'in the expected format'): string {
  switch (error.kind) {
    case 'required':
      return `${label} is required`;
    case 'minlength':
      return `${label} must be at least ${error.requiredLength} characters long (it has ${error.actualLength})`;
    case 'maxlength':
      return `${label} must be at most ${error.requiredLength} characters long (it has ${error.actualLength})`;
    case 'pattern':
      return `${label} must be ${expected}`;
  }
}
