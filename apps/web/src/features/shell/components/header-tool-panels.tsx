/**
 * Which header tool opens which panel (dialog or drawer). Each feature adds one lazy line here; the panel gets
 * `open` and `onClose` and owns everything inside it.
 */
import type { ComponentType, LazyExoticComponent } from 'react';

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
};
