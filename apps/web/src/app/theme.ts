import type { ThemeConfig } from 'antd';

/** Light, compact look in the manner of 亿企代账: blue primary, white header, dark side menu. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    borderRadius: 4,
    fontSize: 13,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 52, headerPadding: '0 16px', siderBg: '#001529', bodyBg: '#f0f2f5' },
    Table: { cellPaddingBlock: 8, cellPaddingInline: 10, headerBg: '#f5f7fa' },
    Menu: {
      darkItemBg: '#001529',
      darkSubMenuItemBg: '#000c17',
      darkPopupBg: '#001529',
      itemHeight: 40,
      // The side menu is only 130px wide (spec 000 §2.2): tight paddings leave room for five-character titles.
      itemMarginInline: 0,
      itemPaddingInline: 12,
      iconMarginInlineEnd: 8,
      itemBorderRadius: 0,
      collapsedWidth: 50,
    },
  },
};
