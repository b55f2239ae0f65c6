import { Card, Result, Typography } from 'antd';
import { ToolOutlined } from '@ant-design/icons';

/** Shown for a route whose page is not built yet: names the feature so the screen is never blank. */
export function UnderConstruction({ title, path }: { title: string; path: string }) {
  return (
    <Card data-testid="under-construction" data-path={path}>
      <Result
        icon={<ToolOutlined style={{ color: '#1677ff' }} />}
        title={`${title} · 建设中`}
        subTitle={
          <>
            该功能正在建设中，敬请期待。
            <br />
            <Typography.Text type="secondary">页面路径：{path}</Typography.Text>
          </>
        }
      />
    </Card>
  );
}
