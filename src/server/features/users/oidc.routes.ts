import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import { errorBody, messageBody } from '../../../contract/errors';
import { oidcLinkState } from '../../../contract/oidc';
import type { OidcOutcome } from '../../../contract/oidc-outcomes';
import type { OidcConfig } from '../../config';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { setSessionCookie } from '../../plugins/auth';
import {
  createOidcFlow,
  createOidcUser,
  findOidcUser,
  linkOidcIdentity,
  oidcLinkState as readLinkState,
  takeOidcFlow,
  unlinkOidcIdentity,
} from './oidc.repository';
import type { SignInSteps } from './two-factor.routes';
import { findUserByEmail } from './users.repository';

// Sign in with your identity provider (docs/api.md §13): the authorization code flow with PKCE,
// `state` and `nonce`, by openid-client (discovery, the token request, every ID token check).

export const CALLBACK_PATH = '/api/auth/oidc/callback';
const FLOW_COOKIE = 'oidc_flow';
const FLOW_PATH = '/api/auth/oidc';
/** Time to sign in at the provider (a password manager, a second factor there). */
const FLOW_SECONDS = 10 * 60;
const SCOPE = 'openid email profile';
const USERNAME_MAX = 50;

interface Claims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  preferred_username?: unknown;
}

/** The provider's metadata, fetched at the first sign-in and kept; a failed fetch is tried again next time. */
function providerOf(oidc: OidcConfig) {
  let found: Promise<client.Configuration> | null = null;
  return () => {
    found ??= client
      .discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        oidc.clientSecret,
        oidc.clientSecret ? client.ClientSecretBasic(oidc.clientSecret) : client.None(),
        // Plain http only where the issuer says so (a provider on this machine or a test's).
        new URL(oidc.issuer).protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        found = null;
        throw error;
      });
    return found;
  };
}

/** A name for the new account: the ID token's `name`, else its `preferred_username`, else the email's local part. */
function usernameOf(claims: Claims, email: string): string {
  const candidates = [claims.name, claims.preferred_username, email.split('@')[0]];
  const name = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '') ?? 'Athlete';
  return [...name.trim()].slice(0, USERNAME_MAX).join('');
}

export function oidcRoutes(deps: Deps, steps: SignInSteps): FastifyPluginAsyncZod {
  const { db, config } = deps;
  const oidc = config.oidc;
  const provider = oidc ? providerOf(oidc) : null;
  const redirectUri = `${config.appUrl}${CALLBACK_PATH}`;

  function notSetUp(): never {
    throw new AppError(404, 'Signing in with an identity provider is not set up on this server');
  }

  /** Lax, not Strict: the provider sends the browser back from its own site. */
  function flowCookie(reply: FastifyReply, token: string | null) {
    const options = {
      httpOnly: true,
      sameSite: 'lax' as const,
      path: FLOW_PATH,
      secure: config.cookieSecure,
    };
    if (token) reply.setCookie(FLOW_COOKIE, token, { ...options, maxAge: FLOW_SECONDS });
    else reply.clearCookie(FLOW_COOKIE, options);
  }

  /** The claims of the ID token, with the UserInfo endpoint's for what it lacks (some providers keep email there). */
  async function claimsOf(configuration: client.Configuration, tokens: client.TokenEndpointResponse) {
    const claims = (tokens as client.TokenEndpointResponse & client.TokenEndpointResponseHelpers).claims();
    if (!claims) throw new Error('no ID token');
    if (typeof claims.email === 'string') return claims as Claims;
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    return { ...info, ...claims } as Claims;
  }

  return async (app) => {
    app.get(
      '/api/auth/oidc/start',
      {
        schema: {
          querystring: z.object({ link: z.enum(['1']).optional() }),
          response: { 302: z.null().describe('To the provider'), '4xx': errorBody },
        },
      },
      async (request, reply) => {
        if (!oidc || !provider) notSetUp();
        let linkUserId: string | null = null;
        if (request.query.link) {
          // Linking starts from the profile, signed in: the account to link is kept with the flow,
          // since the session cookie (SameSite=Strict) does not come back from the provider.
          await deps.requireUser(request).catch(() => {
            throw new AppError(401, 'Not authorized, please log in');
          });
          linkUserId = request.user.id;
        }
        let configuration: client.Configuration;
        try {
          configuration = await provider();
        } catch (error) {
          request.log.warn({ message: String(error) }, 'OpenID provider discovery failed');
          return reply.redirect(linkUserId ? '/profile?oidc=failed' : '/login?oidc=failed');
        }
        const codeVerifier = client.randomPKCECodeVerifier();
        const flow = {
          state: client.randomState(),
          nonce: client.randomNonce(),
          codeVerifier,
          linkUserId,
        };
        const token = newToken();
        await createOidcFlow(db, hashToken(token), flow, FLOW_SECONDS);
        flowCookie(reply, token);
        const url = client.buildAuthorizationUrl(configuration, {
          redirect_uri: redirectUri,
          scope: SCOPE,
          code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state: flow.state,
          nonce: flow.nonce,
        });
        return reply.redirect(url.href);
      },
    );

    app.get(
      CALLBACK_PATH,
      { schema: { response: { 302: z.null().describe('To /logs, or to /login?oidc=… on failure') } } },
      async (request, reply) => {
        const done = (to: string) => reply.redirect(to);
        if (!oidc || !provider) return done('/login?oidc=off');
        const token = request.cookies[FLOW_COOKIE];
        flowCookie(reply, null);
        // Deleted as it is read: a replayed callback (the same code again) finds nothing.
        const flow = token ? await takeOidcFlow(db, hashToken(token)) : null;
        if (!flow) return done('/login?oidc=expired');
        const back = (outcome: OidcOutcome) =>
          done(flow.linkUserId ? `/profile?oidc=${outcome}` : `/login?oidc=${outcome}`);

        let claims: Claims;
        let issuer: string;
        try {
          const configuration = await provider();
          issuer = configuration.serverMetadata().issuer;
          const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
          // The redirect_uri as registered (APP_URL's), whatever host the request came through.
          const tokens = await client.authorizationCodeGrant(
            configuration,
            new URL(`${redirectUri}${search}`),
            {
              pkceCodeVerifier: flow.codeVerifier,
              expectedState: flow.state,
              expectedNonce: flow.nonce,
              idTokenExpected: true,
            },
          );
          claims = await claimsOf(configuration, tokens);
        } catch (error) {
          // A wrong state, a replayed or expired code, a bad ID token, the provider's own error.
          request.log.warn({ message: String(error) }, 'OpenID sign-in refused');
          return back('failed');
        }

        if (flow.linkUserId) {
          const linked = await linkOidcIdentity(db, flow.linkUserId, issuer, claims.sub);
          return back(linked ? 'linked' : 'in-use');
        }

        let user = await findOidcUser(db, issuer, claims.sub);
        if (!user) {
          const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
          // Only an address the provider vouches for may name a new account (docs/security.md).
          if (!email || claims.email_verified !== true) return back('unverified');
          // Never linked by email: whoever holds this address here signs in with the password and
          // links the provider from the profile.
          if (await findUserByEmail(db, email)) return back('taken');
          user = await createOidcUser(db, {
            username: usernameOf(claims, email),
            email,
            issuer,
            subject: claims.sub,
          });
          if (!user) return back('taken');
        }
        setSessionCookie(reply, await steps.startSession(user.id, request.headers['user-agent']), config);
        return done('/logs');
      },
    );

    app.get(
      '/api/auth/oidc/link',
      { onRequest: deps.requireUser, schema: { response: { 200: oidcLinkState, '4xx': errorBody } } },
      async (request) => {
        if (!oidc || !provider) notSetUp();
        return readLinkState(
          db,
          request.user.id,
          (await provider().catch(() => null))?.serverMetadata().issuer ?? oidc.issuer,
        );
      },
    );

    app.delete(
      '/api/auth/oidc/link',
      { onRequest: deps.requireUser, schema: { response: { 200: messageBody, '4xx': errorBody } } },
      async (request) => {
        if (!oidc || !provider) notSetUp();
        const issuer = (await provider().catch(() => null))?.serverMetadata().issuer ?? oidc.issuer;
        const state = await readLinkState(db, request.user.id, issuer);
        // Without a password, the provider is the only way in: unlinking would lock the account.
        if (!state.passwordSet)
          throw new AppError(
            400,
            `Set a password first (Forgot password on the login screen), then unlink ${oidc.name}`,
          );
        await unlinkOidcIdentity(db, request.user.id, issuer);
        return { message: `${oidc.name} is unlinked` };
      },
    );
  };
}
