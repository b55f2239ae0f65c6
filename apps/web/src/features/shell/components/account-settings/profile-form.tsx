/** Profile of the main account (spec 000 §2.2, §5): display name (required) and avatar image address. */
import { App, Avatar, Button, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import { useSession } from '../../../session/session-context';
import { useUpdateProfile } from '../../../session/api';

interface ProfileForm {
  cnName: string;
  img: string;
}

export function ProfileFormPane({ onDone }: { onDone: () => void }) {
  const { info } = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileForm>();
  const update = useUpdateProfile();
  const img = Form.useWatch('img', form);

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 17 }}
      initialValues={{ cnName: info.user.cnName, img: info.user.img }}
      onFinish={(v) =>
        update.mutate(
          { cnName: v.cnName.trim(), img: (v.img ?? '').trim() },
          {
            onSuccess: () => {
              void message.success('修改成功');
              onDone();
            },
          },
        )
      }
      data-testid="profile-form"
    >
      <Form.Item label="头像">
        <Avatar size={56} src={img || undefined} icon={<UserOutlined />} />
      </Form.Item>
      <Form.Item label="登录账号">
        <Input value={info.user.username} disabled />
      </Form.Item>
      <Form.Item label="用户名" name="cnName" rules={[{ required: true, whitespace: true, message: M.cnNameRequired }]}>
        <Input maxLength={50} placeholder="请输入用户名" data-testid="profile-cnname" />
      </Form.Item>
      <Form.Item label="头像地址" name="img" rules={[{ max: 500, message: '头像地址不能超过500个字符' }]}>
        <Input placeholder="https://…（可选）" data-testid="profile-img" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 5, span: 17 }} style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="profile-submit">
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}
