/**
 * /etaxHome/etaxHomeIndex: the home of a company's books — the company's basic information and its
 * accounting periods (current account set and history) with their settlement state. Picking a period here
 * does what the header period picker does.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Row, Table, Tag, Typography } from 'antd';
import {
  ACCOUNTING_STANDARD_LABELS,
  COMPANY_TYPE_LABELS,
  INCOME_TAX_METHOD_LABELS,
  PROFIT_CARRY_METHOD_LABELS,
  isSettled,
  type CompanyDetail,
  type PeriodItem,
} from '@dzy/domain/contracts/companies.contract';
import { periodName } from '@dzy/domain/period/period';
import { api } from '../../../lib/http';
import { useSession } from '../../session/session-context';
import { usePeriods, useSetPeriod } from '../../shell/api';

function label<K extends string>(labels: Record<K, string>, key: string | undefined | null): string {
  return key && key in labels ? labels[key as K] : '-';
}

function useCompanyDetail(comId: string) {
  return useQuery({
    queryKey: ['companies', 'detail', comId],
    queryFn: () => api<CompanyDetail>('/api/v2/company/companyInfo', { comId: Number(comId) }),
    enabled: comId !== '',
  });
}

export default function BookHomePage() {
  const { info, window: w } = useSession();
  const com = info.comInfo;
  const detail = useCompanyDetail(w.comId);
  const periods = usePeriods(w.comId);
  const setPeriod = useSetPeriod();

  if (!com) {
    return (
      <Card>
        <Empty description="未选择公司，请从代账首页进入账簿" />
      </Card>
    );
  }
  const d = detail.data;

  const rows: Array<PeriodItem & { group: string }> = [
    ...[...(periods.data?.listThis ?? [])].reverse().map((p) => ({ ...p, group: '正常期间' })),
    ...[...(periods.data?.listOld ?? [])].reverse().map((p) => ({ ...p, group: '历史期间' })),
  ];

  return (
    <Row gutter={12} data-testid="book-home">
      <Col xs={24} xl={15}>
        <Card
          title={
            <span>
              {com.comName}
              <Tag color={com.comType === '2' ? 'blue' : 'green'} style={{ marginInlineStart: 8 }}>
                {label(COMPANY_TYPE_LABELS, com.comType)}
              </Tag>
            </span>
          }
          loading={detail.isLoading}
        >
          <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered data-testid="book-company-info">
            <Descriptions.Item label="纳税人识别号">{com.taxNo || '-'}</Descriptions.Item>
            <Descriptions.Item label="会计准则">{label(ACCOUNTING_STANDARD_LABELS, com.comKj)}</Descriptions.Item>
            <Descriptions.Item label="建账期间">{com.startPeriod ? periodName(com.startPeriod) : '-'}</Descriptions.Item>
            <Descriptions.Item label="当前期间">
              {w.period ? periodName(w.period) : '-'}
              {w.model === '历史' && (
                <Tag color="orange" style={{ marginInlineStart: 6 }}>
                  历史
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="所属地区">{d?.districtFullName || d?.districtName || '-'}</Descriptions.Item>
            <Descriptions.Item label="科目编码规则">{d?.codes || com.codes || '-'}</Descriptions.Item>
            <Descriptions.Item label="所得税征收方式">{label(INCOME_TAX_METHOD_LABELS, d?.qysds ?? com.qysds)}</Descriptions.Item>
            <Descriptions.Item label="结转损益">{label(PROFIT_CARRY_METHOD_LABELS, d?.jzsy)}</Descriptions.Item>
            <Descriptions.Item label="联系人">{d?.contact || '-'}</Descriptions.Item>
            <Descriptions.Item label="联系电话">{d?.tel || '-'}</Descriptions.Item>
            {d?.mainComName ? <Descriptions.Item label="合并主体">{d.mainComName}</Descriptions.Item> : null}
            {d?.remark ? <Descriptions.Item label="备注">{d.remark}</Descriptions.Item> : null}
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card title="会计期间" size="small" styles={{ body: { padding: 0 } }}>
          <Table<PeriodItem & { group: string }>
            data-testid="book-periods"
            size="small"
            rowKey={(r) => `${r.group}-${r.period}`}
            loading={periods.isLoading}
            dataSource={rows}
            pagination={rows.length > 12 ? { pageSize: 12, size: 'small', showSizeChanger: false } : false}
            locale={{ emptyText: '没有数据' }}
            rowClassName={(r) => (r.period === w.period ? 'ant-table-row-selected' : '')}
            columns={[
              { title: '期间', dataIndex: 'name', render: (v: string, r) => (
                <span>
                  {v}
                  {r.isOld && <Tag style={{ marginInlineStart: 6 }}>历史</Tag>}
                </span>
              ) },
              {
                title: '结账状态',
                dataIndex: 'settleStatus',
                width: 96,
                render: (v: string) =>
                  isSettled(v) ? <Tag color="success">已结账</Tag> : <Tag>未结账</Tag>,
              },
              {
                title: '操作',
                width: 72,
                render: (_v, r) =>
                  r.period === w.period ? (
                    <Typography.Text type="secondary">当前</Typography.Text>
                  ) : (
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setPeriod.mutate(r.period)}>
                      切换
                    </Button>
                  ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
