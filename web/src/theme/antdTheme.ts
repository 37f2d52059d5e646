// The antd design tokens of a white-label theme: its primary colour on a calm, dense admin look.
import type { ThemeConfig } from 'antd';
import type { Theme } from '@fleet/common';

export const SIDER_BG = '#0f1c2e';

export function antdTheme(theme: Theme): ThemeConfig {
  return {
    token: {
      colorPrimary: theme.primary_colour,
      colorInfo: theme.primary_colour,
      borderRadius: 8,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
      colorBgLayout: '#f3f5f8',
    },
    components: {
      Layout: { siderBg: SIDER_BG, headerBg: '#ffffff', headerPadding: '0 16px', headerHeight: 56 },
      Menu: {
        darkItemBg: SIDER_BG,
        darkSubMenuItemBg: '#0a1524',
        darkItemSelectedBg: theme.primary_colour,
      },
    },
  };
}
