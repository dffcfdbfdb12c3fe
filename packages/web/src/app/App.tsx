import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { setMessageApi } from './notify';
import { AppRouter } from './router';
import { theme } from './theme';

export function App() {
  // antd's context-aware message API, handed to code outside React (the request layer).
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    setMessageApi(messageApi);
    return () => setMessageApi(null);
  }, [messageApi]);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {messageHolder}
      <AppRouter />
    </ConfigProvider>
  );
}
