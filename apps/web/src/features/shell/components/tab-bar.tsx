/** Tabs of visited pages with the right-click menu 刷新 / 关闭 / 关闭其他 / 关闭所有 (spec 000 §2.2). */
import { useLocation, useNavigate } from 'react-router';
import { Dropdown, Tabs, type MenuProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { CloseCircleOutlined, CloseOutlined, ColumnWidthOutlined, ReloadOutlined } from '@ant-design/icons';
import { tabsStore, tabTarget, useTabs, type TabItem } from '../tabs-store';
import { useShellHome } from '../use-shell-home';
import styles from './shell.module.css';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

const MENU_ITEMS: MenuProps['items'] = [
  { key: 'refresh', icon: <ReloadOutlined />, label: <span data-testid="tab-menu-refresh">刷新</span> },
  { key: 'close', icon: <CloseOutlined />, label: <span data-testid="tab-menu-close">关闭</span> },
  { key: 'closeOthers', icon: <ColumnWidthOutlined />, label: <span data-testid="tab-menu-close-others">关闭其他</span> },
  { key: 'closeAll', icon: <CloseCircleOutlined />, label: <span data-testid="tab-menu-close-all">关闭所有</span> },
];

export function TabBar() {
  const { tabs } = useTabs();
  const location = useLocation();
  const navigate = useNavigate();
  const home = useShellHome();
  const qc = useQueryClient();
  const active = location.pathname;

  const run = (action: Action, tab: TabItem) => {
    if (action === 'refresh') {
      if (tab.path !== active) navigate(tabTarget(tab));
      tabsStore.refresh(tab.path);
      // Remounting alone would reuse cached data; the page's calls run again (the session stays).
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      return;
    }
    if (action === 'close') {
      const next = tabsStore.close(tab.path, active, home);
      if (next) navigate(next);
      return;
    }
    if (action === 'closeOthers') {
      const next = tabsStore.closeOthers(tab.path, active);
      if (next) navigate(next);
      return;
    }
    tabsStore.resetTo(home);
    navigate(home);
  };

  const items = tabs.map((tab) => ({
    key: tab.path,
    closable: true,
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{ items: MENU_ITEMS, onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          run(key as Action, tab);
        } }}
      >
        <span data-testid="tab-item" data-path={tab.path} data-active={tab.path === active ? 'true' : 'false'}>
          {tab.title}
        </span>
      </Dropdown>
    ),
  }));

  return (
    <div className={styles.tabBar} data-testid="tab-bar">
      <Tabs
        size="small"
        type="editable-card"
        hideAdd
        activeKey={active}
        items={items}
        onChange={(key) => {
          const tab = tabs.find((t) => t.path === key);
          if (tab) navigate(tabTarget(tab));
        }}
        onEdit={(key, action) => {
          const tab = tabs.find((t) => t.path === key);
          if (action === 'remove' && tab) run('close', tab);
        }}
      />
    </div>
  );
}
