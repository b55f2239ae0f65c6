/**
 * Which header tool opens which panel (dialog or drawer). Each feature adds one lazy line here; the panel gets
 * `open` and `onClose` and owns everything inside it.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type HeaderToolId =
  | 'quick-note'
  | 'invoice-status'
  | 'message-center'
  | 'print-tasks'
  | 'tax-tasks'
  | 'task-list'
  | 'operation-logs'
  | 'general-settings'
  | 'book-settings'
  | 'chat';

export interface HeaderToolPanelProps {
  open: boolean;
  onClose: () => void;
}

export const HEADER_TOOL_PANELS: Partial<Record<HeaderToolId, LazyExoticComponent<ComponentType<HeaderToolPanelProps>>>> = {
  // e.g. 'message-center': lazy(() => import('../../messages/components/message-center-dialog')),
  'quick-note': lazy(() => import('../../notes/components/quick-note-panel')),
  'message-center': lazy(() => import('../../messages/components/message-center-dialog')),
  'operation-logs': lazy(() => import('../../operation-logs/components/operation-logs-dialog')),
  chat: lazy(() => import('../../chat/components/chat-drawer')),
  'print-tasks': lazy(() => import('../../print-tasks/components/print-tasks-dialog')),
  'tax-tasks': lazy(() => import('../../tax-tasks/components/tax-tasks-drawer')),
  'invoice-status': lazy(() => import('../../ticket-status/components/ticket-status-panel')),
};
