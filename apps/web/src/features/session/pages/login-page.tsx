/**
 * /login (spec 000 §2.1, §4, §5): username (trimmed) and password; a captcha appears when the server says
 * needCaptcha. On success the Token header is stored, user info is fetched once and the user is sent where
 * their role belongs (or back to the page that asked for the login).
 */
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES as M } from '@dzy/domain/validation/messages';
import { redirectAfterLogin } from '@dzy/domain/routes/index';
import { ApiError, errorMessage } from '../../../lib/http';
import { windowStore } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../app/route-page';
import { fetchUserInfo, login, sessionKeys, useCaptcha } from '../api';
import { useToken } from '../window-state';
import styles from './login-page.module.css';

interface LoginForm {
  username: string;
  password: string;
  captchaValue?: string;
}

function needsCaptcha(err: unknown): boolean {
  if (!(err instanceof ApiError) || typeof err.data !== 'object' || err.data === null) return false;
  return (err.data as { needCaptcha?: unknown }).needCaptcha === true;
}

/** Only same-origin paths inside the app may be returned to after login. */
function safeRedirect(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return null;
  return raw;
}

export function LoginPage() {
  useDocumentTitle('登录');
  const token = useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const [form] = Form.useForm<LoginForm>();
  const [showCaptcha, setShowCaptcha] = useState(false);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [captchaUser, setCaptchaUser] = useState('');
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha(captchaUser, captchaNonce, showCaptcha);

  // Signed in already (and not in the middle of submitting): the shell decides where to go.
  if (token && !submitting) return <Navigate to="/" replace />;

  const refreshCaptcha = () => setCaptchaNonce((n) => n + 1);

  const onFinish = async (values: LoginForm) => {
    const username = values.username.trim();
    setError('');
    setSubmitting(true);
    try {
      qc.clear();
      await login({
        username,
        password: values.password,
        ...(showCaptcha && captcha.data
          ? { captchaId: captcha.data.captchaId, captchaValue: (values.captchaValue ?? '').trim() }
          : {}),
      });
      const w = windowStore.get();
      const info = await qc.fetchQuery({
        queryKey: sessionKeys.userInfo(w.roleName, w.comId),
        queryFn: fetchUserInfo,
        staleTime: Infinity,
      });
      const target =
        safeRedirect(params.get('redirect')) ??
        redirectAfterLogin({ roleName: info.roleName, userType: info.user.userType, indexPath: info.indexPath });
      // submitting stays true: clearing it before the navigation lands would let the "already signed in"
      // redirect to / win over the role-based target.
      navigate(target, { replace: true });
    } catch (err) {
      setSubmitting(false);
      setError(errorMessage(err));
      if (needsCaptcha(err)) {
        setCaptchaUser(username);
        setShowCaptcha(true);
        refreshCaptcha();
        form.setFieldValue('captchaValue', '');
      }
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.brand}>
        <div className={styles.logo}>代账云</div>
        <div className={styles.slogan}>代理记账 · 税务申报 · 团队协同</div>
        <ul className={styles.points}>
          <li>多客户账套集中管理，按期记账结账</li>
          <li>票据采集、批量申报、进度跟踪一站完成</li>
          <li>主账号分配权限，团队分工明确</li>
        </ul>
      </div>
      <div className={styles.card}>
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 24 }}>
          账号登录
        </Typography.Title>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form form={form} layout="vertical" size="large" onFinish={(v) => void onFinish(v)} requiredMark={false}>
          <Form.Item
            name="username"
            rules={[{ required: true, whitespace: true, message: M.usernameRequired }]}
            normalize={(v: string) => v.trimStart()}
          >
            <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" data-testid="login-username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: M.passwordRequired }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="密码"
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          {showCaptcha && (
            <Form.Item required>
              <div className={styles.captchaRow}>
                <Form.Item name="captchaValue" noStyle rules={[{ required: true, message: M.captchaRequired }]}>
                  <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={8} data-testid="login-captcha" />
                </Form.Item>
                <button
                  type="button"
                  className={styles.captchaImage}
                  onClick={refreshCaptcha}
                  title="看不清？点击换一张"
                  data-testid="login-captcha-image"
                >
                  {captcha.data ? <img src={captcha.data.image} alt="验证码" /> : <span>加载中…</span>}
                </button>
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login-submit">
            登 录
          </Button>
        </Form>
      </div>
    </div>
  );
}
