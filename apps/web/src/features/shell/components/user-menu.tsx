/** The signed-in user: account settings and logout (spec 000 §2.2, §6). */
import { useState } from 'react';
import { Avatar, Dropdown, Space, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { headerFeatureVisible } from '@dzy/domain/routes/index';
import { tokenStore } from '../../../lib/session-store';
import { useSession } from '../../session/session-context';
import { useLogout } from '../../session/api';
import { tabsStore } from '../tabs-store';
import { AccountSettingsDialog } from './account-settings/account-settings-dialog';

export function UserMenu() {
  const { info, inBook } = useSession();
  const qc = useQueryClient();
  const logout = useLogout();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const user = { userType: info.user.userType, sysButton: info.user.sysButton, groupId: info.user.groupId, inCompany: inBook };

  const onLogout = () => {
    const finish = () => {
      tokenStore.clear();
      tabsStore.closeAll();
      qc.clear();
      // A full load: nothing of this user survives in memory, and /login opens without a return address.
      window.location.replace('/login');
    };
    // Ending the server session may fail (already expired): the local session ends anyway.
    logout.mutate(undefined, { onSettled: finish });
  };

  const items: MenuProps['items'] = [
    {
      key: 'who',
      disabled: true,
      label: (
        <div style={{ lineHeight: 1.6 }}>
          <div style={{ color: '#262626' }}>{info.user.cnName}</div>
          <div style={{ fontSize: 12 }}>{info.user.orgName}</div>
        </div>
      ),
    },
    { type: 'divider' },
    ...(headerFeatureVisible('账号设置', user)
      ? [{ key: 'settings', icon: <SettingOutlined />, label: <span data-testid="account-settings">账号设置</span> }]
      : []),
    ...(headerFeatureVisible('退出登录', user)
      ? [{ key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">退出登录</span> }]
      : []),
  ];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'settings') setSettingsOpen(true);
            if (key === 'logout') onLogout();
          },
        }}
      >
        <Space style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu">
          <Avatar size={28} src={info.user.img || undefined} icon={<UserOutlined />} />
          <span style={{ maxWidth: 100, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {info.user.cnName}
          </span>
          <DownOutlined style={{ fontSize: 10, color: '#8c8c8c' }} />
        </Space>
      </Dropdown>
      <AccountSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
