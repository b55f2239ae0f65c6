/**
 * Toolbar buttons of the 记账客户 page: 导出 (the company list with the page's filter, as a 下载任务) and
 * 发起任务 (tax / social-insurance tasks for the selected companies).
 */
import { useState } from 'react';
import { App, Button } from 'antd';
import { CloudUploadOutlined, ExportOutlined } from '@ant-design/icons';
import { PRINT_TASK_MESSAGES, type ExportCompanyListBody } from '@dzy/domain/contracts/print-tasks.contract';
import { TAX_TASK_MESSAGES } from '@dzy/domain/contracts/tax-tasks.contract';
import { useExportCompanyList } from '../../print-tasks/api';
import { StartTaxTasksDialog } from './start-tax-tasks-dialog';

export function CompanyTaskButtons({ comIds, filter }: { comIds: number[]; filter: ExportCompanyListBody }) {
  const { message } = App.useApp();
  const exportList = useExportCompanyList();
  const [starting, setStarting] = useState(false);
  return (
    <>
      <Button
        icon={<ExportOutlined />}
        loading={exportList.isPending}
        onClick={() => exportList.mutate(filter, { onSuccess: () => void message.success(PRINT_TASK_MESSAGES.started) })}
        data-testid="company-export"
      >
        导出
      </Button>
      <Button
        icon={<CloudUploadOutlined />}
        onClick={() => (comIds.length === 0 ? void message.warning(TAX_TASK_MESSAGES.companiesRequired) : setStarting(true))}
        data-testid="company-start-tax-tasks"
      >
        发起任务
      </Button>
      <StartTaxTasksDialog comIds={comIds} open={starting} onClose={() => setStarting(false)} />
    </>
  );
}
