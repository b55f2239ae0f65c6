/**
 * 下载任务 (spec 000 §2.8, §4): the user's exports, 20 per page; status tags with the error as a tooltip for
 * 失败 / 部分成功; the file action only for 已生成 and 部分成功; delete with '确定删除N条记录吗'.
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Input, Modal, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, FileExcelOutlined, FilePdfOutlined, FileImageOutlined, FileZipOutlined } from '@ant-design/icons';
import {
  PRINT_TASK_PAGE_SIZE,
  PRINT_TASK_STATUS_NAMES,
  isPrintTaskDownloadable,
  type PrintTaskFileIcon,
  type PrintTaskItem,
  type PrintTaskStatus,
} from '@dzy/domain/contracts/print-tasks.contract';
import type { HeaderToolPanelProps } from '../../shell/components/header-tool-panels';
import { formatDateTime } from '../../users/components/format';
import { printTaskDownloadUrl, printTaskKeys, useDeletePrintTasks, usePrintTaskList } from '../api';

const STATUS_COLORS: Record<PrintTaskStatus, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'warning' };
const ICONS: Record<PrintTaskFileIcon, ReactNode> = {
  pdf: <FilePdfOutlined style={{ color: '#d4380d' }} />,
  excel: <FileExcelOutlined style={{ color: '#389e0d' }} />,
  'pdf+zip': <FileZipOutlined style={{ color: '#d4380d' }} />,
  'excel+zip': <FileZipOutlined style={{ color: '#389e0d' }} />,
  voucherImage: <FileImageOutlined style={{ color: '#1677ff' }} />,
};

export default function PrintTasksDialog({ open, onClose }: HeaderToolPanelProps) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [likeField, setLikeField] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const list = usePrintTaskList({ page, limit: PRINT_TASK_PAGE_SIZE, likeField }, open);
  const remove = useDeletePrintTasks();

  const confirmDelete = () => {
    if (selected.length === 0) {
      void message.warning('请选择要删除的记录');
      return;
    }
    modal.confirm({
      title: '提示',
      content: `确定删除${selected.length}条记录吗`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await remove.mutateAsync({ ids: selected });
        setSelected([]);
        void message.success('删除成功!');
      },
    });
  };

  const columns: TableColumnsType<PrintTaskItem> = [
    {
      title: '文件名',
      dataIndex: 'fileName',
      ellipsis: true,
      render: (name: string, t) => (
        <Flex gap={6} align="center">
          {ICONS[t.fileIcon]}
          <span>{name}</span>
        </Flex>
      ),
    },
    { title: '公司', dataIndex: 'comName', width: 180, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: PrintTaskStatus, t) => {
        const tag = (
          <Tag color={STATUS_COLORS[s]} data-testid="print-task-status">
            {PRINT_TASK_STATUS_NAMES[s]}
          </Tag>
        );
        return (s === 3 || s === 4) && t.errLog ? <Tooltip title={t.errLog}>{tag}</Tooltip> : tag;
      },
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
    { title: '下载时间', dataIndex: 'downloadedAt', width: 140, render: (v: string | null) => formatDateTime(v) },
    {
      title: '操作',
      key: 'file',
      width: 80,
      render: (_: unknown, t) => (
        <Button
          type="link"
          size="small"
          disabled={!isPrintTaskDownloadable(t.status)}
          href={isPrintTaskDownloadable(t.status) ? printTaskDownloadUrl(t.id) : undefined}
          download={t.fileName}
          data-testid="print-task-download"
          // The download is recorded by the server; re-read the list to show the time.
          onClick={() => setTimeout(() => void qc.invalidateQueries({ queryKey: printTaskKeys.all }), 1500)}
        >
          下载
        </Button>
      ),
    },
  ];

  return (
    <Modal open={open} title="下载任务" width={1000} footer={null} onCancel={onClose} destroyOnHidden data-testid="print-tasks-dialog">
      <Flex justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="文件名 / 公司名称"
          style={{ width: 260 }}
          onSearch={(v) => {
            setLikeField(v.trim());
            setPage(1);
          }}
        />
        <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} data-testid="print-task-delete">
          删除
        </Button>
      </Flex>
      <Table<PrintTaskItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching && !list.data}
        locale={{ emptyText: '没有数据' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{
          current: page,
          pageSize: PRINT_TASK_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条`,
          onChange: setPage,
        }}
      />
    </Modal>
  );
}
