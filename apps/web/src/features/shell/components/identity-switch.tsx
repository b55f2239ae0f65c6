/**
 * Identity switch (spec 000 §2.2): a popover listing user info's switch candidates with a name filter.
 * Switching makes this session act as that user, then everything is reloaded for the new identity.
 */
import { useMemo, useState } from 'react';
import { Button, Empty, Input, Popover } from 'antd';
import { PickList } from '../../../components/pick-list';
import { SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useSession } from '../../session/session-context';
import { useSwitchUser } from '../../session/api';
import { windowStore } from '../../../lib/session-store';
import { tabsStore } from '../tabs-store';

export function IdentitySwitch() {
  const { info } = useSession();
  const switchUser = useSwitchUser();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');

  const candidates = useMemo(() => {
    const q = filter.trim();
    return info.users.filter((u) => u.id !== info.user.userId && (q === '' || u.cnName.includes(q)));
  }, [info.users, info.user.userId, filter]);

  if (info.users.length === 0) return null;

  const onPick = (id: number) => {
    switchUser.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        windowStore.update({ model: '' });
        tabsStore.closeAll();
        // A full load: pages of the previous identity must not refetch as the new one (they would be refused).
        window.location.assign('/');
      },
    });
  };

  const content = (
    <div style={{ width: 240 }} data-testid="identity-switch-panel">
      <Input.Search
        allowClear
        placeholder="输入姓名筛选"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        data-testid="identity-switch-filter"
        style={{ marginBottom: 8 }}
      />
      <div style={{ maxHeight: 300, overflow: 'auto' }}>
        {candidates.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有数据" />
        ) : (
          <PickList
            itemTestId="identity-switch-item"
            items={candidates.map((u) => ({
              key: u.id,
              content: (
                <>
                  <UserOutlined style={{ marginRight: 6, color: '#8c8c8c' }} />
                  {u.cnName}
                </>
              ),
            }))}
            onPick={(id) => onPick(Number(id))}
          />
        )}
      </div>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title="切换身份"
      content={content}
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setFilter('');
      }}
    >
      <Button type="text" icon={<SwapOutlined />} loading={switchUser.isPending} data-testid="identity-switch">
        切换身份
      </Button>
    </Popover>
  );
}
