/** The server's Chinese message for a failed save, shown inside the dialog that made it. */
import { Alert } from 'antd';
import { errorMessage } from '../../../lib/http';

export function ServerError({ error }: { error: unknown }) {
  if (!error) return null;
  return <Alert type="error" showIcon title={errorMessage(error)} style={{ marginBottom: 16 }} data-testid="form-error" />;
}
