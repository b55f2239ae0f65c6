/** Module switcher (spec 000 §4): the user's modules from user info; see useSwitchModule for what a switch does. */
import { Button, Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { routeIcon } from '../../../components/route-icon';
import { useSession } from '../../session/session-context';
import { useSwitchModule } from '../use-switch-module';

export function ModuleSwitcher() {
  const { info } = useSession();
  const { current: currentName, switchTo, pending } = useSwitchModule();
  const current = info.modules.find((m) => m.name === currentName);

  if (info.modules.length === 0) return null;

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [currentName],
        items: info.modules.map((m) => ({
          key: m.name,
          icon: routeIcon(m.icon),
          label: (
            <span data-testid="module-item" data-module={m.name}>
              {m.name}
            </span>
          ),
        })),
        onClick: ({ key }) => void switchTo(key).catch(() => undefined),
      }}
    >
      <Button type="text" loading={pending} data-testid="module-switcher" icon={routeIcon(current?.icon)}>
        {current?.name ?? '切换模块'} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
