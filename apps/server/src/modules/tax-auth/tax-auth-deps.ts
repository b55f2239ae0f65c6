import type { AppConfig } from '../../config';
import type { SmsGateway } from '../../gateways/sms/sms-gateway';
import type { TaxBureauAuthGateway } from '../../gateways/tax-bureau/tax-bureau-auth.gateway';
import { createSimulatedTaxBureauAuthGateway } from '../../gateways/tax-bureau/tax-bureau-auth-simulator.gateway';
import { createSecretBox, resolveSecretKey, type SecretBox } from './secret-box';

/** What the tax-auth module needs from the app: the bureau and the key of stored passwords. */
export interface TaxAuthDeps {
  bureau: TaxBureauAuthGateway;
  box: SecretBox;
}

/** Defaults: the bureau simulator (codes go out through the SMS gateway) and the key from config / DATA_DIR. */
export function createTaxAuthDeps(config: Partial<AppConfig>, sms: SmsGateway): TaxAuthDeps {
  return {
    bureau: createSimulatedTaxBureauAuthGateway({ sms, offlineAfterMinutes: config.taxAuthOfflineMinutes ?? 480 }),
    box: createSecretBox(resolveSecretKey({ secretKey: config.secretKey, dataDir: config.dataDir })),
  };
}
