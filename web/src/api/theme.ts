// The theme is chosen by the server from the request's host name (API.md §2). It is read from this
// origin, before the theme's own API hosts are known.
import { RESULT, type Theme } from '@fleet/common';

export async function fetchTheme(): Promise<Theme> {
  const response = await fetch('api/theme', { headers: { Accept: 'application/json' } });
  const answer = (await response.json()) as { result: number; theme?: Theme };
  if (answer.result !== RESULT.OK || !answer.theme) throw new Error('No theme');
  return answer.theme;
}
