import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEVELOPMENT_AGENT_ADDRESS, DEVELOPMENT_AGENT_PHONE, envSchema, EnvError, loadEnv, repoRoot } from "./env";

const load = (source: Record<string, string>) => loadEnv({ INIT_CWD: "/srv/leakwarden", ...source });

describe("settings", () => {
  it("starts with nothing set: port 3000, the embedded database in ./data, api and worker", () => {
    const env = load({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir).toBe(path.resolve("/srv/leakwarden", "data"));
    expect(env.SERVICES).toEqual(["api", "worker"]);
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.TRUSTED_PROXIES).toEqual([]);
  });

  it("treats an empty setting as unset", () => {
    expect(load({ DATABASE_URL: "", SMTP_URL: " ", PUBLIC_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://db.example/leakwarden"],
    ["SERVICES", "api,scheduler"],
    ["SMTP_URL", "http://mail.example"],
    ["AUTH_SECRET", "too-short"],
    ["TRUSTED_PROXIES", "10.0.0.1,not-an-address"],
    ["TRUSTED_PROXIES", "10.0.0.0/99"],
    ["PUBLIC_URL", "leakwarden.example"],
    ["LOG_LEVEL", "loud"],
    ["SCAN_ALLOW_PRIVATE_NETWORKS", "maybe"],
  ])("refuses %s=%s and names the setting", (name, value) => {
    let error: unknown;
    try {
      load({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toMatch(new RegExp(`^\\s+${name}: `, "m"));
  });

  it("refuses the browser tests' clock control outside NODE_ENV=test", () => {
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => load({ NODE_ENV, TEST_CLOCK_CONTROL: "true" })).toThrow(/TEST_CLOCK_CONTROL: only allowed with NODE_ENV=test/);
    }
    expect(load({ NODE_ENV: "test", TEST_CLOCK_CONTROL: "true" }).TEST_CLOCK_CONTROL).toBe(true);
    expect(load({}).TEST_CLOCK_CONTROL).toBe(false);
  });

  it("in production refuses to start without the agent's postal address, telephone and a real email, naming each", () => {
    let error: unknown;
    try {
      load({ NODE_ENV: "production" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Takedown notices must carry the agent's postal address, telephone and email, and in production the server does not start without them:/);
    expect(message).toMatch(/^\s+AGENT_ADDRESS: not set/m);
    expect(message).toMatch(/^\s+AGENT_PHONE: not set/m);
    expect(message).toMatch(/^\s+AGENT_EMAIL: "dmca@leakwarden\.localhost" is a placeholder/m);
    // One missing is still a refusal, naming only that one.
    const partial = () => load({ NODE_ENV: "production", AGENT_ADDRESS: "1 Main Street, Wilmington, DE 19801, USA", AGENT_EMAIL: "dmca@leakwarden.com" });
    expect(partial).toThrow(/AGENT_PHONE: not set/);
    expect(partial).not.toThrow(/AGENT_ADDRESS/);
    const env = load({ NODE_ENV: "production", AGENT_ADDRESS: "1 Main Street, Wilmington, DE 19801, USA", AGENT_PHONE: "+1 302 555 0100", AGENT_EMAIL: "dmca@leakwarden.com" });
    expect(env).toMatchObject({ AGENT_ADDRESS: "1 Main Street, Wilmington, DE 19801, USA", AGENT_PHONE: "+1 302 555 0100", AGENT_EMAIL: "dmca@leakwarden.com" });
  });

  it("outside production a notice carries placeholders that say they are placeholders", () => {
    for (const NODE_ENV of ["development", "test"]) {
      expect(load({ NODE_ENV })).toMatchObject({ AGENT_ADDRESS: DEVELOPMENT_AGENT_ADDRESS, AGENT_PHONE: DEVELOPMENT_AGENT_PHONE });
    }
    expect(DEVELOPMENT_AGENT_ADDRESS).toMatch(/placeholder: set AGENT_ADDRESS/);
  });

  it("accepts trusted proxies as addresses and CIDR ranges, IPv4 and IPv6", () => {
    expect(load({ TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8,::1,fd00::/8" }).TRUSTED_PROXIES).toEqual(["127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"]);
  });

  it("are all documented in the README's table and in .env.example, whose values are the defaults", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
    const example = fs.readFileSync(path.join(repoRoot, ".env.example"), "utf8");
    const names = Object.keys(envSchema.shape);
    expect(names.filter((name) => !new RegExp(`^\\|[^\\n]*\`${name}\``, "m").test(readme))).toEqual([]);
    expect(names.filter((name) => !new RegExp(`^#?\\s*${name}=`, "m").test(example))).toEqual([]);
    const given = Object.fromEntries(
      example
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    const fromExample: Record<string, unknown> = { ...load(given) };
    const defaults: Record<string, unknown> = { ...load({}) };
    for (const name of Object.keys(given)) expect(fromExample[name], name).toEqual(name === "DATA_DIR" ? "./data" : defaults[name]);
  });
});
