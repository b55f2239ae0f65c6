/**
 * /bookkeeps/accountBook — 账簿: 科目余额表 / 总账 / 明细账 / 序时账 / 辅助核算余额表 / 辅助核算明细账 / 现金日记账 /
 * 银行日记账, sharing one period range. The tab is kept in the address (?tab=detail&subjectId=12) so other
 * pages can link to a book.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Empty, Tabs } from 'antd';
import { useSession } from '../../session/session-context';
import type { PeriodRange } from '../api';
import { CashJournalTab } from '../components/cash-journal-tab';
import { FzhsBalanceTab, FzhsDetailTab } from '../components/fzhs-tabs';
import { JournalTab } from '../components/journal-tab';
import { DetailLedgerTab, GeneralLedgerTab } from '../components/ledger-tabs';
import { SubjectBalanceTab } from '../components/subject-balance-tab';

const TABS = [
  ['balance', '科目余额表'],
  ['general', '总账'],
  ['detail', '明细账'],
  ['journal', '序时账'],
  ['fzhsBalance', '辅助核算余额表'],
  ['fzhsDetail', '辅助核算明细账'],
  ['cash', '现金日记账'],
  ['bank', '银行日记账'],
] as const;
type TabKey = (typeof TABS)[number][0];

export default function AccountBookPage() {
  const { window: w } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find(([k]) => k === params.get('tab'))?.[0] ?? 'balance';
  const subjectId = Number(params.get('subjectId')) > 0 ? Number(params.get('subjectId')) : undefined;
  const [range, setRange] = useState<PeriodRange>({ beginPeriod: w.period, endPeriod: w.period });

  const go = (next: TabKey, extra: Record<string, string> = {}) => {
    const p = new URLSearchParams({ tab: next, ...extra });
    setParams(p, { replace: true });
  };

  if (!w.comId || !w.period) {
    return (
      <Card>
        <Empty description="请先进入公司账簿" />
      </Card>
    );
  }

  const props = { range, onRange: setRange };
  const body = (key: TabKey) => {
    switch (key) {
      case 'balance':
        return <SubjectBalanceTab {...props} onOpenDetail={(id) => go('detail', { subjectId: String(id) })} />;
      case 'general':
        return <GeneralLedgerTab {...props} />;
      case 'detail':
        return <DetailLedgerTab {...props} subjectId={subjectId} onSubject={(id) => go('detail', id ? { subjectId: String(id) } : {})} />;
      case 'journal':
        return <JournalTab {...props} />;
      case 'fzhsBalance':
        return <FzhsBalanceTab {...props} />;
      case 'fzhsDetail':
        return <FzhsDetailTab {...props} />;
      case 'cash':
        return <CashJournalTab kind="cashJournal" {...props} />;
      case 'bank':
        return <CashJournalTab kind="bankJournal" {...props} />;
    }
  };

  return (
    <Card data-testid="account-book-page" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => go(k as TabKey)}
        destroyOnHidden
        items={TABS.map(([key, label]) => ({ key, label, children: body(key) }))}
      />
    </Card>
  );
}
