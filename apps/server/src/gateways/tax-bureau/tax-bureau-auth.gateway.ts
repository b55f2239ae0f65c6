/**
 * The tax bureau's authorization side (税局授权登录). The platform never knows whether it talks to an e-tax
 * bureau robot or the simulator; both keep their own state per login and answer in keepStatus terms
 * (spec 000 §4: 1 online, 10 level expired, 2 failed, 3 offline, 4 authorizing, 8 verifying, 0 unauthorized).
 */

export interface BureauLogin {
  orgId: number;
  /** tax_logins.id */
  loginId: number;
  /** Company tax number the login acts for. */
  taxNo: string;
  methodName: string;
  /** Username or phone. */
  zzridno: string;
  /** Plain password, only in memory for the call. */
  password: string;
  /** 1 manual SMS (a person types the code), else automatic (the SMS assistant reads it). */
  yzmType: number;
  /** A phone to send codes to when zzridno is not a mobile number (the company's contact phone). */
  fallbackTel: string;
}

export interface BureauState {
  keepStatus: number;
  keepErr: string;
}

export interface BureauStart extends BureauState {
  /** Masked phone the code was sent to; '' when none was sent. */
  smsTo: string;
}

/** A code the bureau refused without ending the authorization (keepStatus unchanged). */
export interface BureauRefusal {
  refused: string;
}

export interface BureauLink {
  token: string;
  /** Path on this server that answers for the link (the simulated bureau page). */
  path: string;
  expiresAt: Date;
}

export interface TaxBureauAuthGateway {
  readonly name: string;
  /** Starts an authorization: 4 waiting for a manual code, 8 verifying an automatic one, 2 refused, or 1/10 at once. */
  startAuthorization(login: BureauLogin, now: Date): Promise<BureauStart>;
  /** The code the user typed for a login at 4, sent from phone tel. */
  submitSmsCode(input: { orgId: number; loginId: number; tel: string; code: string }, now: Date): Promise<BureauState | BureauRefusal>;
  /**
   * What the bureau says now about a login we hold at keepStatus since statusAt: a new state, or null when
   * nothing changed (an automatic code went through, a session dropped offline, a code expired).
   */
  refresh(input: { orgId: number; loginId: number; zzridno: string; keepStatus: number; statusAt: Date }, now: Date): BureauState | null;
  /** An authorization link (QR) for a company, valid for a limited time. */
  createAuthLink(input: { orgId: number; comId: number; taxNo: string; tel: string }, now: Date): BureauLink;
  /** Whether a link is still valid. */
  checkAuthLink(token: string, now: Date): { valid: true; taxNo: string; expiresAt: Date } | { valid: false; reason: string };
}
