/** A dashboard number that opens the list of the companies behind it. */
import { Typography } from 'antd';
import type { DashboardField } from '@dzy/domain/progress/dashboard-fields';

export type OpenField = (field: DashboardField) => void;

/** `scope` keeps test ids unique when one field shows in several panels. */
export function CountLink({ scope, field, value, onOpen, strong }: { scope: string; field: DashboardField; value: number | undefined; onOpen: OpenField; strong?: boolean }) {
  return (
    <Typography.Link onClick={() => onOpen(field)} strong={strong} data-testid={`${scope}-${field}`} data-value={value ?? ''}>
      {value ?? '-'}
    </Typography.Link>
  );
}
