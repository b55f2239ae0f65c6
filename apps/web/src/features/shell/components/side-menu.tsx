/**
 * Left menu built from the routes user info sent (spec 000 §2.2): the current mode's groups (menuFor), shaped
 * by toMenuItems (sub-menu for several visible children, single item for one, hidden skipped).
 */
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { groupPathOf, menuFor, toMenuItems, type MenuItem } from '@dzy/domain/routes/index';
import { routeIcon } from '../../../components/route-icon';
import { useSession } from '../../session/session-context';

type AntItem = NonNullable<MenuProps['items']>[number];

function toAntItems(items: readonly MenuItem[], depth = 0): AntItem[] {
  return items.map((it) => ({
    key: it.key,
    label: <span title={it.title}>{it.title}</span>,
    icon: depth === 0 ? routeIcon(it.icon) : undefined,
    children: it.children ? toAntItems(it.children, depth + 1) : undefined,
  }));
}

export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { info, window: w } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const module = w.model || info.model;

  const items = useMemo(
    () => toAntItems(toMenuItems(menuFor({ roleName: w.roleName, module }, info.routes))),
    [w.roleName, module, info.routes],
  );

  return (
    <Menu
      data-testid="side-menu"
      theme="dark"
      // Expanded (130px) sub-menus fly out to the right: the column is too narrow to indent them inline.
      mode={collapsed ? 'inline' : 'vertical'}
      {...(collapsed ? { inlineCollapsed: true } : {})}
      items={items}
      selectedKeys={[location.pathname, groupPathOf(location.pathname)]}
      onClick={({ key }) => navigate(key)}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
