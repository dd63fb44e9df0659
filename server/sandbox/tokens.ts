import { randomBytes } from 'node:crypto';

/**
 * Access tokens, refresh tokens and authorization codes the sandbox has issued. Tokens expire like
 * real ones; tests expire them early to exercise a client's refresh on 401.
 */

export type TokenProvider = 'soundcloud' | 'twitch' | 'paypal';

export interface IssuedToken {
  token: string;
  provider: TokenProvider;
  /** app: client credentials; user: authorization code */
  kind: 'app' | 'user';
  clientId: string;
  userId: string | null;
  scopes: string[];
  expiresAt: number;
  refreshToken: string | null;
}

export interface AuthorizationCode {
  code: string;
  clientId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
}

const random = (bytes: number) => randomBytes(bytes).toString('hex').slice(0, bytes);

export class TokenRegistry {
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly refresh = new Map<string, IssuedToken>();
  private readonly codes = new Map<string, AuthorizationCode>();
  /** Access tokens issued so far, per provider (tests check how often a client asked) */
  issued: Record<TokenProvider, number> = { soundcloud: 0, twitch: 0, paypal: 0 };

  issue(fields: Omit<IssuedToken, 'token' | 'expiresAt' | 'refreshToken'>, ttlSeconds: number, withRefresh: boolean): IssuedToken {
    const token: IssuedToken = {
      ...fields,
      token: random(30),
      expiresAt: Date.now() + ttlSeconds * 1000,
      refreshToken: withRefresh ? random(50) : null,
    };
    this.tokens.set(token.token, token);
    if (token.refreshToken) this.refresh.set(token.refreshToken, token);
    this.issued[fields.provider]++;
    return token;
  }

  /** A live token of this provider, or null (unknown, expired or revoked). */
  find(provider: TokenProvider, token: string | undefined): IssuedToken | null {
    const found = token ? this.tokens.get(token) : undefined;
    if (!found || found.provider !== provider || found.expiresAt <= Date.now()) return null;
    return found;
  }

  /** Uses up a refresh token (they are single-use) and answers what it was issued with. */
  takeRefresh(provider: TokenProvider, refreshToken: string): IssuedToken | null {
    const found = this.refresh.get(refreshToken);
    if (!found || found.provider !== provider) return null;
    this.refresh.delete(refreshToken);
    return found;
  }

  revoke(token: string) {
    this.tokens.delete(token);
  }

  /** Every access token of a provider (or all) stops working now, as if its lifetime were over. */
  expireAll(provider?: TokenProvider) {
    for (const token of this.tokens.values()) if (!provider || token.provider === provider) token.expiresAt = 0;
  }

  issueCode(fields: Omit<AuthorizationCode, 'code' | 'expiresAt'>): AuthorizationCode {
    const code: AuthorizationCode = { ...fields, code: random(30), expiresAt: Date.now() + 10 * 60_000 };
    this.codes.set(code.code, code);
    return code;
  }

  /** Codes are single-use and short-lived. */
  takeCode(code: string): AuthorizationCode | null {
    const found = this.codes.get(code);
    this.codes.delete(code);
    return found && found.expiresAt > Date.now() ? found : null;
  }

  clear() {
    this.tokens.clear();
    this.refresh.clear();
    this.codes.clear();
    this.issued = { soundcloud: 0, twitch: 0, paypal: 0 };
  }
}
