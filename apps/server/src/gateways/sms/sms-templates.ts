/** Texts of the SMS the platform sends; the 【代账云】 signature leads, as carriers require. */
export const SMS_SIGNATURE = '【代账云】';

export function verificationCodeSms(code: string, validMinutes: number): string {
  return `${SMS_SIGNATURE}您的验证码为${code}，${validMinutes}分钟内有效。`;
}
