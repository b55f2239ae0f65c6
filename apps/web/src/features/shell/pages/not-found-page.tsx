import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useDocumentTitle } from '../../../app/route-page';

/** /404: where every unmatched path lands (spec 000 §2.1). */
export function NotFoundPage() {
  useDocumentTitle('页面不存在');
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#fff' }}>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在。"
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })} data-testid="not-found-home">
            返回首页
          </Button>
        }
      />
    </div>
  );
}
