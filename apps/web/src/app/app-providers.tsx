/** Theme, Chinese locale, antd App context (message/modal with the theme) and the query client. */
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { registerMessageApi } from '../lib/notify';
import { appTheme } from './theme';

dayjs.locale('zh-cn');

/** zh_CN with the product's wording for empty lists and tables (没有数据 rather than antd's 暂无数据). */
const locale: typeof zhCN = { ...zhCN, Empty: { ...zhCN.Empty, description: '没有数据' } };

function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    registerMessageApi(message);
    return () => registerMessageApi(null);
  }, [message]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={locale}
      theme={appTheme}
      componentSize="middle"
      // Blurred masks hide the page a dialog is about; a plain dim keeps it readable.
      modal={{ mask: { blur: false } }}
      drawer={{ mask: { blur: false } }}
    >
      <AntApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
