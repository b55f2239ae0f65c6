import type { Db } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { smsMessages } from '../../db/schema';
import type { SmsGateway } from './sms-gateway';

/**
 * SMS simulator (default): no carrier is reachable from a self-hosted install without a contract, so messages
 * are stored in sms_messages of the sender's org, where an admin reads them in the message centre's SMS list.
 */
export function createSimulatorSmsGateway(db: Db): SmsGateway {
  return {
    name: 'sms-simulator',
    async send({ orgId, mobile, content }) {
      await withTenant(db, orgId, (tx) => tx.insert(smsMessages).values({ orgId, mobileReceive: mobile, mobileSend: '10690000', content }));
    },
  };
}

export type { SmsGateway } from './sms-gateway';
