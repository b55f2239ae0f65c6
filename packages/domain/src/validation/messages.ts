/**
 * Chinese messages of the session and account-settings flows (spec 000 §5, §8 and issue 2), shared by the
 * server (answers) and the web (form rules), so both sides say exactly the same thing.
 */
export const AUTH_MESSAGES = {
  usernameRequired: '请输入用户名',
  passwordRequired: '请输入密码',
  /** One message for an unknown user and a wrong password: never reveal which. */
  loginFailed: '用户名或密码错误',
  captchaRequired: '请输入验证码',
  captchaWrong: '验证码错误',
  loginThrottled: '登录尝试过于频繁，请稍后再试',
  loginBusy: '登录人数较多，请稍后再试',
  accountDisabled: '账号已停用，请联系管理员',
  /** Spec 000 §8: the web clears local storage and reloads on this exact text. */
  noPermissionAskMain: '无使用权限,请登录主账号分配权限',
  noPermission: '无使用权限',
  moduleRequired: '请选择模块',
  switchUserRequired: '请选择要切换的用户',
  switchForbidden: '仅主账号可切换身份',
  switchTargetInvalid: '该用户不存在或已停用',
  mobileInvalid: '请输入正确手机号',
  mobileNotBound: '账号未绑定手机号，请联系主账号',
  mobileMismatch: '手机号与账号绑定手机号不一致',
  codeTooFrequent: '验证码发送过于频繁，请稍后再试',
  oldPasswordRequired: '原密码不能为空',
  confirmPasswordRequired: '请再次输入密码',
  passwordMismatch: '两次输入密码不一致!',
  codeRequired: '请输入验证码',
  codeInvalid: '验证码错误或已过期',
  passwordWeak: '密码至少8位，且包含字母和数字',
  passwordTooLong: '密码不能超过64位',
  adminOnly: '请使用主账号操作',
  cnNameRequired: '请输入用户名',
  cnNameTooLong: '用户名不能超过50个字',
  roleNameInvalid: '角色参数错误',
} as const;

export type AuthMessageKey = keyof typeof AUTH_MESSAGES;
