/**
 * A bridge so non-React code (the query client) can show antd messages with the app's theme and locale.
 * AppProviders registers antd's App.useApp() message API here on mount.
 */
import type { MessageInstance } from 'antd/es/message/interface';

let instance: MessageInstance | null = null;

export function registerMessageApi(api: MessageInstance | null): void {
  instance = api;
}

export function notifyError(text: string): void {
  // Before the App mounts there is nowhere to show it; the console keeps it visible to developers.
  if (instance) void instance.error(text);
  else console.error(text);
}

export function notifySuccess(text: string): void {
  if (instance) void instance.success(text);
}
