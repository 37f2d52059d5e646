import { createContext, useContext } from 'react';
import type { Theme } from '@fleet/common';
import { FALLBACK_THEME } from './fallbackTheme';

export const ThemeContext = createContext<Theme>(FALLBACK_THEME);

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
