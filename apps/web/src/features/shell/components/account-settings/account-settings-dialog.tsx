/** Account settings (spec 000 §2.2, §6): the profile tab for the main account only, change password for all. */
import { Modal, Tabs } from 'antd';
import { accountSettingTabs } from '@dzy/domain/routes/index';
import { useSession } from '../../../session/session-context';
import { PasswordFormPane } from './password-form';
import { ProfileFormPane } from './profile-form';

export function AccountSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { info } = useSession();
  const tabs = accountSettingTabs(info.user.isAdmin);
  return (
    <Modal open={open} title="账号设置" footer={null} width={560} onCancel={onClose} destroyOnHidden>
      <Tabs
        data-testid="account-settings-tabs"
        items={tabs.map((t) =>
          t === 'profile'
            ? { key: t, label: '个人资料', children: <ProfileFormPane onDone={onClose} /> }
            : { key: t, label: '修改密码', children: <PasswordFormPane onDone={onClose} /> },
        )}
      />
    </Modal>
  );
}
