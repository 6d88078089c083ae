import { createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Who Google says signed in. */
export interface GoogleProfile {
  /** Google's stable account id (the `sub` claim). */
  sub: string;
  email: string;
  name?: string;
  emailVerified?: boolean;
}

export interface FakeGoogle {
  /** http://127.0.0.1:PORT */
  url: string;
  /** A one-use authorization code for `profile`, as Google's consent page hands the browser back. */
  issueCode(profile: GoogleProfile): string;
  /** The address Google's consent page would send the browser back to: the callback with a fresh code and the given state. */
  consent(authorizationUrl: string, profile: GoogleProfile): string;
  /** An ID token for `profile`, signed as Google signs them (a native app's sign-in hands one over directly). */
  idTokenFor(profile: GoogleProfile): string;
  /** Codes exchanged at the token endpoint so far. */
  readonly exchanged: number;
  close(): Promise<void>;
}

const ISSUER = "https://accounts.google.com";
const KID = "fake-google-key-1";

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/**
 * Google's OAuth token endpoint and key set on 127.0.0.1: a code issued here is exchanged for an ID
 * token signed with this fake's own RSA key (RS256, Google's issuer, the client's audience), as the
 * auth library's Google provider expects. Use with `routeGoogleTo`, which points the library's
 * server-side calls here; the browser's visit to the consent page is answered by `consent`.
 */
export async function startFakeGoogle(clientId: string): Promise<FakeGoogle> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: "jwk" }), kid: KID, alg: "RS256", use: "sig" };
  const codes = new Map<string, GoogleProfile>();
  let exchanged = 0;

  function idToken(profile: GoogleProfile): string {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: "RS256", kid: KID, typ: "JWT" }));
    const claims = base64url(
      JSON.stringify({
        iss: ISSUER,
        aud: clientId,
        sub: profile.sub,
        email: profile.email,
        email_verified: profile.emailVerified ?? true,
        name: profile.name ?? profile.email.split("@")[0],
        iat: now,
        exp: now + 3600,
      }),
    );
    const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(privateKey);
    return `${header}.${claims}.${base64url(signature)}`;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "GET" && url.pathname === "/certs") return answer(200, { keys: [jwk] });
      if (req.method === "POST" && url.pathname === "/token") {
        const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
        const code = form.get("code") ?? "";
        const profile = codes.get(code);
        codes.delete(code);
        if (!profile || form.get("client_id") !== clientId || form.get("grant_type") !== "authorization_code") {
          return answer(400, { error: "invalid_grant", error_description: "Bad Request" });
        }
        exchanged++;
        return answer(200, { access_token: `ya29.${randomBytes(12).toString("hex")}`, expires_in: 3599, token_type: "Bearer", scope: "openid email profile", id_token: idToken(profile) });
      }
      answer(404, { error: "not_found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const issueCode = (profile: GoogleProfile) => {
    const code = `4/${randomBytes(16).toString("base64url")}`;
    codes.set(code, profile);
    return code;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    issueCode,
    idTokenFor: idToken,
    consent(authorizationUrl, profile) {
      const asked = new URL(authorizationUrl);
      const back = new URL(asked.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", issueCode(profile));
      back.searchParams.set("state", asked.searchParams.get("state") ?? "");
      return back.toString();
    },
    get exchanged() {
      return exchanged;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Points the auth library's server-side calls to Google (the token exchange, the key set) at the
 * fake, in this process; any other Google address fails, so nothing reaches the real one. Returns
 * the function that puts `fetch` back.
 */
export function routeGoogleTo(fake: Pick<FakeGoogle, "url">): () => void {
  const real = globalThis.fetch;
  const routed: typeof fetch = (input, init) => {
    const target = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (target.startsWith("https://oauth2.googleapis.com/token")) return real(`${fake.url}/token`, init);
    if (target.startsWith("https://www.googleapis.com/oauth2/v3/certs")) return real(`${fake.url}/certs`, init);
    if (/^https:\/\/([a-z0-9-]+\.)*(google|googleapis)\.com([/:]|$)/i.test(target)) return Promise.reject(new Error(`No Google in tests: ${target}`));
    return real(input, init);
  };
  globalThis.fetch = routed;
  return () => {
    if (globalThis.fetch === routed) globalThis.fetch = real;
  };
}
