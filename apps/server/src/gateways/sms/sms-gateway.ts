/** Outgoing SMS. The platform never knows whether it talks to a carrier or the simulator. */
export interface SmsGateway {
  readonly name: string;
  send(msg: { orgId: number; mobile: string; content: string }): Promise<void>;
}
