/**
 * Guards the signed-in shell (spec 000 §2.1): without a token go to /login (remembering where to come back);
 * with one, fetch user info once and provide the session to everything below.
 */
import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { errorMessage } from '../../../lib/http';
import { useUserInfo } from '../api';
import { buildSession, SessionContext } from '../session-context';
import { useToken, useWindowState } from '../window-state';

export function SessionGate({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const windowState = useWindowState();
  const userInfo = useUserInfo(token !== '');
  const session = useMemo(
    () => (userInfo.data ? buildSession(userInfo.data, windowState) : null),
    [userInfo.data, windowState],
  );

  if (!token) {
    const back = `${location.pathname}${location.search}`;
    const search = back && back !== '/' ? `?redirect=${encodeURIComponent(back)}` : '';
    return <Navigate to={`/login${search}`} replace />;
  }
  if (userInfo.isError && !userInfo.data) {
    return (
      <Result
        status="warning"
        title="加载用户信息失败"
        subTitle={errorMessage(userInfo.error)}
        extra={
          <Button type="primary" onClick={() => void userInfo.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (!session) {
    return (
      <div style={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spin size="large" description="正在加载…">
          <div style={{ width: 160, height: 80 }} />
        </Spin>
      </div>
    );
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
