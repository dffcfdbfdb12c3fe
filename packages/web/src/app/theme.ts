import type { ThemeConfig } from 'antd';

export const BRAND_BLUE = '#2563eb';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_BLUE,
    colorInfo: BRAND_BLUE,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#0f1f44', headerHeight: 56, headerPadding: '0 20px', siderBg: '#ffffff', bodyBg: '#f3f5f9' },
    Menu: {
      darkItemBg: 'transparent',
      darkPopupBg: '#0f1f44',
      darkItemSelectedBg: 'rgba(255,255,255,0.14)',
      horizontalLineHeight: '56px',
    },
  },
};
