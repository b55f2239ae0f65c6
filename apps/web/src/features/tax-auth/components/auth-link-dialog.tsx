/** 获取授权链接: a QR code and a copyable link, made afresh on every open; it expires (the time is shown). */
import { useEffect } from 'react';
import { Alert, Flex, Image, Modal, Spin, Typography } from 'antd';
import { errorMessage } from '../../../lib/http';
import { useTaxAuthLink } from '../api';

export function AuthLinkDialog({ open, comId, onClose }: { open: boolean; comId: number; onClose: () => void }) {
  const link = useTaxAuthLink();

  useEffect(() => {
    if (open) link.mutate({ comId, tel: '' });
  }, [open, comId]);

  const data = link.data;
  return (
    <Modal open={open} title="获取授权链接" width={800} footer={null} onCancel={onClose} destroyOnHidden data-testid="tax-link-dialog">
      {link.isPending && <Spin />}
      {link.isError && <Alert type="error" showIcon message={errorMessage(link.error)} />}
      {data && (
        <Flex vertical align="center" gap={12}>
          <Image src={data.qrcode} width={220} preview={false} alt="授权二维码" />
          <Typography.Text type="secondary">请纳税人使用手机扫码或打开链接完成授权，链接有效期至 {new Date(data.expiresAt).toLocaleString('zh-CN')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: data.url, tooltips: ['复制链接', '已复制'] }} style={{ marginBottom: 0, wordBreak: 'break-all' }}>
            {data.url}
          </Typography.Paragraph>
        </Flex>
      )}
    </Modal>
  );
}
