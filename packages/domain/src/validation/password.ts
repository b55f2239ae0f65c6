/** Password strength: at least 8 characters with both a letter and a digit; at most 64 (bounds hashing work). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(value) && /\d/.test(value);
}
