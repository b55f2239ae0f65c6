/** The top bar (spec 000 §2.2): context on the left (company, period), tools and the user on the right. */
import { Button, Divider } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { headerFeatureVisible } from '@dzy/domain/routes/index';
import { useSession } from '../../session/session-context';
import { BackAction } from './back-action';
import { CompanySelect } from './company-select';
import { HeaderNote } from '../../notes/components/header-note';
import { HeaderTools } from './header-tools';
import { IdentitySwitch } from './identity-switch';
import { ModuleSwitcher } from './module-switcher';
import { PeriodPicker } from './period-picker';
import { UserMenu } from './user-menu';
import styles from './shell.module.css';

export function HeaderBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { info, inBook, window: w } = useSession();
  const user = { userType: info.user.userType, sysButton: info.user.sysButton, groupId: info.user.groupId, inCompany: inBook };
  const agency = w.roleName === 'etax';

  return (
    <header className={styles.header} data-testid="shell-header">
      <div className={styles.headerLeft}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
          data-testid="menu-toggle"
        />
        <BackAction />
        {(agency || inBook) && <CompanySelect />}
        {inBook && (
          <>
            <Divider orientation="vertical" />
            <PeriodPicker />
            <HeaderNote />
          </>
        )}
      </div>
      <div className={styles.headerRight}>
        {agency && <ModuleSwitcher />}
        <HeaderTools />
        {/* Identity is browser-wide (one token): it is switched from the agency window only. */}
        {!inBook && headerFeatureVisible('切换身份', user) && <IdentitySwitch />}
        <UserMenu />
      </div>
    </header>
  );
}
