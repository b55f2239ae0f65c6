/** A bordered list of clickable rows (identity candidates, combined companies). */
import type { ReactNode } from 'react';
import styles from './pick-list.module.css';

export interface PickItem {
  key: string | number;
  content: ReactNode;
  extra?: ReactNode;
}

export function PickList({ items, onPick, testId, itemTestId }: { items: PickItem[]; onPick: (key: PickItem['key']) => void; testId?: string; itemTestId?: string }) {
  return (
    <ul className={styles.list} data-testid={testId}>
      {items.map((it) => (
        <li key={it.key}>
          <button type="button" className={styles.row} onClick={() => onPick(it.key)} data-testid={itemTestId}>
            <span className={styles.content}>{it.content}</span>
            {it.extra !== undefined && <span className={styles.extra}>{it.extra}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
