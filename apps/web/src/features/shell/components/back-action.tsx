/**
 * Back action (spec 000 §2.2). A books or AI-factory window has its company/mode fixed: back closes the
 * window (or, when the browser refuses because the window was not opened by script, turns it back into the
 * agency view). In the agency window back switches 账务中心 → 财务核算. Users with fromComId get none.
 */
import { Button, Tooltip } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { AUTOMATIC_BOOK_MODEL, DEFAULT_MODULE, hasBackAction } from '@dzy/domain/routes/index';
import { useSession } from '../../session/session-context';
import { windowStore } from '../../../lib/session-store';
import { useSetModule } from '../../session/api';
import { tabsStore } from '../tabs-store';

function leaveToAgency(): void {
  windowStore.update({ roleName: 'etax', comId: '', period: '', model: '' });
  window.name = '';
  window.location.assign('/');
}

export function BackAction() {
  const { info, window: w } = useSession();
  const setModule = useSetModule();
  if (!hasBackAction(info.user.fromComId)) return null;

  const fixedWindow = w.roleName === 'accountBook' || w.roleName === 'automaticBook';
  const inAccountingCenter = w.roleName === 'etax' && (w.model || info.model) === AUTOMATIC_BOOK_MODEL;
  if (!fixedWindow && !inAccountingCenter) return null;

  const onBack = () => {
    if (fixedWindow) {
      window.close();
      // window.close() is ignored for windows the user opened directly; give it a moment, then fall back.
      setTimeout(() => {
        if (!window.closed) leaveToAgency();
      }, 150);
      return;
    }
    setModule.mutate(DEFAULT_MODULE, {
      onSuccess: ({ indexPath }) => {
        windowStore.update({ model: DEFAULT_MODULE });
        tabsStore.closeAll();
        window.location.assign(indexPath || '/');
      },
    });
  };

  return (
    <Tooltip title={fixedWindow ? '关闭账簿窗口，返回代账首页' : '返回财务核算'}>
      <Button type="text" icon={<RollbackOutlined />} onClick={onBack} data-testid="back-action">
        返回
      </Button>
    </Tooltip>
  );
}
