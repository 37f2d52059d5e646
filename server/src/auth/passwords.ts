/** Password policy for new passwords: a clear message, or null when acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length === 0) return 'password is required';
  if (password.length < 8) return 'The password must be at least 8 characters long';
  if (password.length > 200) return 'The password must be at most 200 characters long';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    return 'The password must contain letters and digits';
  }
  return null;
}
