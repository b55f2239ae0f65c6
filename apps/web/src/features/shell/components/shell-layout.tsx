/**
 * The signed-in shell (spec 000 §2.2): left menu (130px / 50px collapsed), top bar, tab bar of visited pages
 * and the main area. Every visited catalogue page becomes a tab; 刷新 remounts the page.
 */
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Layout } from 'antd';
import { findRoute } from '@dzy/domain/routes/index';
import { useSession } from '../../session/session-context';
import { CompanyBooksProvider } from '../company-books';
import { tabsStore, useTabs } from '../tabs-store';
import { HeaderBar } from './header-bar';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import styles from './shell.module.css';
import { ChatFloatingButton } from '../../chat/components/chat-floating-button';

const COLLAPSED_KEY = 'dzy.menuCollapsed';

/** Records each visited catalogue page as a tab, remembering the page it was opened from. */
function useTrackTabs(): void {
  const location = useLocation();
  const { granted: grantedNow } = useSession();
  // Read through a ref: reloaded user info (module switch) must not re-add the page being left as a tab.
  const granted = useRef(grantedNow);
  useEffect(() => {
    granted.current = grantedNow;
  }, [grantedNow]);
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    const node = findRoute(location.pathname);
    if (node && !node.children && granted.current.has(node.path)) {
      tabsStore.visit(
        {
          path: node.path,
          fullPath: `${location.pathname}${location.search}`,
          title: node.meta.title,
          keepQuery: node.meta.keepQuery === true,
        },
        previous.current,
      );
      previous.current = node.path;
    }
  }, [location.pathname, location.search]);
}

export function ShellLayout() {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const location = useLocation();
  const { refresh } = useTabs();
  useTrackTabs();

  const toggle = () => {
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });
  };

  return (
    <CompanyBooksProvider>
      <Layout className={styles.layout} hasSider>
        <Layout.Sider width={130} collapsedWidth={50} collapsed={collapsed} trigger={null} className={styles.sider} data-testid="side-sider">
          <div className={styles.logo}>
            {collapsed ? <span className={styles.logoMark}>代</span> : '代账云'}
          </div>
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
        <div className={styles.mainColumn} style={{ flex: 1 }}>
          <HeaderBar collapsed={collapsed} onToggle={toggle} />
          <TabBar />
          <main className={styles.main} data-testid="shell-main">
            <div key={`${location.pathname}:${refresh[location.pathname] ?? 0}`}>
              <Outlet />
            </div>
          </main>
        </div>
      </Layout>
      <ChatFloatingButton />
    </CompanyBooksProvider>
  );
}
