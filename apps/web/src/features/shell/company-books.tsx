/**
 * Entering a company's books (spec 000 §2.1): /etaxHome?roleName=accountBook&comId=ID in a window named
 * 'ID##accountBook' (the same company re-uses its window). When the company has several combined companies
 * (合并账套) a dialog first lets the user pick which one.
 *
 * Usage anywhere under the shell:
 *     const openCompanyBooks = useOpenCompanyBooks();
 *     <Button onClick={() => void openCompanyBooks({ id: row.id, name: row.name })}>进入账簿</Button>
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { App, Modal, Tag, Typography } from 'antd';
import { PickList } from '../../components/pick-list';
import type { CombinedCompanyItem } from '@dzy/domain/contracts/companies.contract';
import { formatWindowName } from '@dzy/domain/routes/index';
import { errorMessage } from '../../lib/http';
import { fetchCombinedCompanies } from './api';
import { tabsStorageKey } from './tabs-store';
import { CompanyTags } from './components/company-tags';

export interface CompanyRef {
  id: number;
  name?: string;
  /**
   * companyList's count of companies combined under this one. Informational only: the combined-companies
   * call is made either way, because a member company (mainComId set) belongs to a group too.
   */
  combined?: number;
}

/** new-window: the normal way in; this-window: a books window switching to another company. */
export type BooksTarget = 'new-window' | 'this-window';

export function booksUrl(comId: number): string {
  return `/etaxHome?roleName=accountBook&comId=${comId}`;
}

/** Opens (or focuses) the books window of one company. */
export function openBooksWindow(comId: number): void {
  const win = window.open(booksUrl(comId), formatWindowName(comId, 'accountBook'));
  win?.focus();
}

/** Turns this window into another company's books (full reload so no state of the old company survives). */
export function switchThisWindowToBooks(comId: number): void {
  window.name = formatWindowName(comId, 'accountBook');
  sessionStorage.removeItem(tabsStorageKey('accountBook', String(comId)));
  window.location.assign(booksUrl(comId));
}

type Opener = (company: CompanyRef, target?: BooksTarget) => Promise<void>;

const OpenerContext = createContext<Opener | null>(null);

export function useOpenCompanyBooks(): Opener {
  const opener = useContext(OpenerContext);
  if (!opener) throw new Error('useOpenCompanyBooks() used outside CompanyBooksProvider');
  return opener;
}

interface Pick {
  company: CompanyRef;
  target: BooksTarget;
  list: CombinedCompanyItem[];
}

function go(comId: number, target: BooksTarget): void {
  if (target === 'this-window') switchThisWindowToBooks(comId);
  else openBooksWindow(comId);
}

export function CompanyBooksProvider({ children }: { children: ReactNode }) {
  const { message } = App.useApp();
  const [pick, setPick] = useState<Pick | null>(null);
  const busy = useRef(false);

  const open = useCallback<Opener>(
    async (company, target = 'new-window') => {
      if (busy.current) return;
      busy.current = true;
      try {
        const list = await fetchCombinedCompanies(company.id);
        if (list.length > 1) setPick({ company, target, list });
        else go(company.id, target);
      } catch (err) {
        void message.error(errorMessage(err));
      } finally {
        busy.current = false;
      }
    },
    [message],
  );

  const value = useMemo(() => open, [open]);

  return (
    <OpenerContext.Provider value={value}>
      {children}
      <Modal
        open={pick !== null}
        title="选择要进入的账套"
        footer={null}
        width={520}
        onCancel={() => setPick(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {pick?.company.name ?? '该公司'} 存在合并账套，请选择要进入的公司：
        </Typography.Paragraph>
        <PickList
          testId="combined-company-list"
          itemTestId="combined-company-item"
          items={(pick?.list ?? []).map((item) => ({
            key: item.id,
            content: (
              <>
                {item.name} <CompanyTags type={item.type} automatic={item.automatic} />
                {item.isMain && <Tag color="gold">主体</Tag>}
              </>
            ),
            extra: item.taxNo,
          }))}
          onPick={(id) => {
            const target = pick?.target ?? 'new-window';
            setPick(null);
            go(Number(id), target);
          }}
        />
      </Modal>
    </OpenerContext.Provider>
  );
}
