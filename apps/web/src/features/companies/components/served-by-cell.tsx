/** The staff serving one company, for the client list's 服务人员 column. */
import { Tooltip } from 'antd';
import { useCompanyUsers } from '../api';

export function ServedByCell({ comId }: { comId: number }) {
  const users = useCompanyUsers(comId);
  if (!users.data) return null;
  if (users.data.length === 0) return <span style={{ color: '#999' }}>未分配</span>;
  const text = users.data.map((u) => u.cnName).join('、');
  const detail = users.data.map((u) => `${u.cnName}（${u.duty}）`).join('、');
  return (
    <Tooltip title={detail}>
      <span>{text}</span>
    </Tooltip>
  );
}
